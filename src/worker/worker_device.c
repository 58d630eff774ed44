/*
 * worker_device.c
 *		The executor worker's side of the device process: start it (fork and
 *		exec, so that it maps none of the server's shared memory), read its
 *		notes, mark slots done and wake their backends, and when it dies,
 *		fail the requests it held once it has been reaped.
 */
#include "postgres.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cuda/fk_cuda.h"
#include "worker/worker.h"
#include "worker/worker_device.h"
#include "worker/worker_request.h"
#include "miscadmin.h"
#include "storage/proc.h"

/*
 * In the child between fork and exec: no PostgreSQL code runs here.  Own
 * process group (the postmaster signals its children's groups: a reload's
 * SIGHUP must not end the device process), killed with the worker, default
 * signal handling, the note pipe as fd 3.
 */
static void
FkDeviceExec(pid_t parent, int note_fd, const char *path, const char *name,
			 const char *device, const char *module)
{
	sigset_t	none;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			(void) signal(sig, SIG_DFL);
	(void) setpgid(0, 0);
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	if (note_fd == FK_DEVICE_NOTE_FD)
		(void) fcntl(note_fd, F_SETFD, 0);
	else if (dup2(note_fd, FK_DEVICE_NOTE_FD) < 0)
		_exit(127);
	sigemptyset(&none);
	(void) sigprocmask(SIG_SETMASK, &none, NULL);
	execl(path, "fusekern_executor", name, device, module, (char *) NULL);
	_exit(127);
}

/*
 * Start the device process on the staging area of that name: its pid, with
 * the read end of its note pipe (non-blocking) in *note_fd; -1 on failure
 * (logged)
 */
pid_t
FkDeviceStart(const char *name, int *note_fd)
{
	char		path[MAXPGPATH];
	char		module[MAXPGPATH];
	int			fds[2];
	sigset_t	all,
				old;
	pid_t		parent = getpid();
	pid_t		pid;

	snprintf(path, sizeof(path), "%s/%s", pkglib_path, FK_DEVICE_PROGRAM);
	snprintf(module, sizeof(module), "%s/%s%s", pkglib_path, FK_CUDA_MODULE, DLSUFFIX);
	if (pipe2(fds, O_CLOEXEC) != 0)
	{
		ereport(LOG, (errmsg("fusekern dense executor cannot make a pipe: %m")));
		return -1;
	}
	/* no handler of this process may run in the child before exec */
	sigfillset(&all);
	(void) sigprocmask(SIG_SETMASK, &all, &old);
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		FkDeviceExec(parent, fds[1], path, name, fk_cuda_device, module);
	(void) sigprocmask(SIG_SETMASK, &old, NULL);
	close(fds[1]);
	if (pid < 0)
	{
		ereport(LOG, (errmsg("fusekern dense executor cannot fork its device process: %m")));
		close(fds[0]);
		return -1;
	}
	(void) fcntl(fds[0], F_SETFL, O_NONBLOCK);
	*note_fd = fds[0];
	return pid;
}

/* Wake a backend that waits on a slot */
static void
FkDeviceWake(PGPROC *proc)
{
	if (proc != NULL)
		SetLatch(&proc->procLatch);
}

/*
 * The device is done with a slot: the backend copies out, or it is freed.
 * A note about an earlier use of the slot (its backend saw the result
 * first and freed it) is ignored.
 */
static void
FkDeviceSlotDone(uint32 slot, uint32 seq)
{
	FkWorkerShared *s = fk_worker_shared;
	PGPROC	   *wake = NULL;
	FkWorkerSlot *sl;

	if (slot >= FK_STAGING_SLOTS)
		return;
	SpinLockAcquire(&s->mutex);
	sl = &s->slot[slot];
	if (sl->state == FK_SLOT_QUEUED && sl->seq == seq &&
		sl->device_gen == s->device_gen)
	{
		sl->state = FK_SLOT_DONE;
		if (sl->abandoned)
			FkWorkerSlotFree(s, (int) slot);
		else
			wake = sl->proc;
	}
	SpinLockRelease(&s->mutex);
	FkDeviceWake(wake);
}

/*
 * Read what the device process wrote: READY (it serves: advertise it) and
 * DONE notes.  False at end of file (it has closed its end: it is exiting).
 */
bool
FkDeviceReadNotes(int fd, pid_t pid, FkStagingHeader *area)
{
	FkDeviceNote notes[64];

	for (;;)
	{
		ssize_t		n = read(fd, notes, sizeof(notes));

		if (n == 0)
			return false;
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
		for (ssize_t i = 0; i < n / (ssize_t) sizeof(FkDeviceNote); i++)
		{
			if (notes[i].kind == FK_NOTE_DONE)
				FkDeviceSlotDone(notes[i].slot, notes[i].seq);
			else if (notes[i].kind == FK_NOTE_READY)
			{
				FkWorkerShared *s = fk_worker_shared;
				char		name[sizeof(s->executor)];

				memcpy(name, area->executor, sizeof(name));
				name[sizeof(name) - 1] = '\0';
				SpinLockAcquire(&s->mutex);
				s->device_pid = pid;
				s->device_gen++;
				memcpy(s->executor, name, sizeof(name));
				SpinLockRelease(&s->mutex);
				ereport(LOG,
						(errmsg("fusekern dense executor ready on %s (device process %d)",
								name, (int) pid)));
			}
		}
	}
}

/*
 * The device process has exited and been reaped (so no copy to or from the
 * staging area can still be under way): stop advertising it, fail the
 * requests it held (their backends compute them on their CPUs; abandoned
 * ones are freed), empty the ring.  Returns the number failed.
 */
int
FkDeviceGone(FkStagingHeader *area)
{
	FkWorkerShared *s = fk_worker_shared;
	PGPROC	   *wake[FK_STAGING_SLOTS];
	int			nwake = 0;
	int			failed = 0;

	SpinLockAcquire(&s->mutex);
	s->device_pid = 0;
	s->device_gen++;
	for (int i = 0; i < FK_STAGING_SLOTS; i++)
	{
		FkWorkerSlot *sl = &s->slot[i];

		if (sl->state != FK_SLOT_QUEUED)
			continue;
		failed++;
		sl->state = FK_SLOT_DONE;
		sl->failed = true;
		if (sl->abandoned)
			FkWorkerSlotFree(s, i);
		else
			wake[nwake++] = sl->proc;
	}
	if (area != NULL)
		__atomic_store_n(&area->sq_head, area->sq_tail, __ATOMIC_RELEASE);
	SpinLockRelease(&s->mutex);
	for (int i = 0; i < nwake; i++)
		FkDeviceWake(wake[i]);
	return failed;
}

/* Describe how a child exited, for the log */
void
FkDeviceExitText(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exited with code %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "was terminated by signal %d: %s",
				 WTERMSIG(status), pg_strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "ended with status %d", status);
}
