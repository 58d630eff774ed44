# tap_step.sh: sourced by the CI scripts that print TAP lines of their own
# (vpath_build.sh, root_tree.sh): step runs a command as one TAP line, with
# the tail of its log on failure; n and failed count the steps and failures.
# The caller sets tmp (where the logs go).
n=0
failed=0

# step DESCRIPTION LOG COMMAND...: one TAP line; the log's tail on failure
step() {
	local what=$1 log=$tmp/$2
	shift 2
	n=$((n + 1))
	if "$@" >"$log" 2>&1; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
		tail -30 "$log" | sed 's/^/# /'
		failed=$((failed + 1))
	fi
}
