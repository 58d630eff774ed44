-- Every object of the fusekern extension, one line each, described by what
-- a user can observe of it (no OIDs): test/t/upgrade.pl compares a fresh
-- install with an updated one.
WITH member AS (
	SELECT d.classid, d.objid, d.objsubid
	FROM pg_catalog.pg_depend d
	JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
	WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
	  AND d.deptype OPERATOR(pg_catalog.=) 'e' AND e.extname OPERATOR(pg_catalog.=) 'fusekern'
)
SELECT pg_catalog.pg_describe_object(m.classid, m.objid, m.objsubid)
	|| ' | comment: ' || coalesce(pg_catalog.obj_description(m.objid, c.relname::text), '-')
	|| ' | ' || coalesce(detail, '')
FROM member m
JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) m.classid
LEFT JOIN LATERAL (
	SELECT pg_catalog.concat_ws(' ', p.prokind, pg_catalog.pg_get_function_arguments(p.oid),
		'returns', pg_catalog.pg_get_function_result(p.oid), p.prolang::pg_catalog.regproc,
		p.provolatile, p.proisstrict, p.proparallel, p.prosecdef, p.proleakproof,
		p.procost, p.prorows, p.prosupport::pg_catalog.regproc, p.prosrc, p.probin,
		p.proconfig::text, p.proacl::text) AS detail
	FROM pg_catalog.pg_proc p WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND p.oid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', a.aggkind, a.aggtransfn, a.aggfinalfn, a.aggcombinefn,
		a.aggserialfn, a.aggdeserialfn, a.aggfinalextra, a.aggfinalmodify, a.aggsortop,
		a.aggtranstype::pg_catalog.regtype, a.aggtransspace, a.agginitval)
	FROM pg_catalog.pg_aggregate a WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND a.aggfnoid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', o.oprkind, o.oprcode, o.oprresult::pg_catalog.regtype,
		o.oprcom::pg_catalog.regoperator, o.oprnegate::pg_catalog.regoperator,
		o.oprrest, o.oprjoin, o.oprcanhash, o.oprcanmerge)
	FROM pg_catalog.pg_operator o WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_operator'::pg_catalog.regclass AND o.oid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', t.typtype, t.typlen, t.typbyval, t.typalign, t.typstorage,
		t.typinput, t.typoutput, t.typreceive, t.typsend, t.typmodin, t.typanalyze,
		t.typsubscript, t.typelem::pg_catalog.regtype, t.typarray::pg_catalog.regtype,
		t.typcategory, t.typispreferred, t.typdelim)
	FROM pg_catalog.pg_type t WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', ca.castfunc::pg_catalog.regprocedure, ca.castcontext, ca.castmethod)
	FROM pg_catalog.pg_cast ca WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_cast'::pg_catalog.regclass AND ca.oid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', oc.opcdefault, oc.opcintype::pg_catalog.regtype,
		(SELECT pg_catalog.string_agg(pg_catalog.concat_ws(':', ap.amprocnum,
				ap.amproclefttype::pg_catalog.regtype, ap.amprocrighttype::pg_catalog.regtype,
				ap.amproc::pg_catalog.regprocedure), ',' ORDER BY ap.amprocnum, ap.amproclefttype, ap.amprocrighttype)
		 FROM pg_catalog.pg_amproc ap WHERE ap.amprocfamily OPERATOR(pg_catalog.=) oc.opcfamily),
		(SELECT pg_catalog.string_agg(pg_catalog.concat_ws(':', ao.amopstrategy, ao.amoppurpose,
				ao.amopopr::pg_catalog.regoperator), ',' ORDER BY ao.amopstrategy, ao.amopopr)
		 FROM pg_catalog.pg_amop ao WHERE ao.amopfamily OPERATOR(pg_catalog.=) oc.opcfamily))
	FROM pg_catalog.pg_opclass oc WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_opclass'::pg_catalog.regclass AND oc.oid OPERATOR(pg_catalog.=) m.objid
	UNION ALL
	SELECT pg_catalog.concat_ws(' ', r.relkind, r.relacl::text, pg_catalog.pg_get_viewdef(r.oid))
	FROM pg_catalog.pg_class r WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass AND r.oid OPERATOR(pg_catalog.=) m.objid
) AS d(detail) ON true
ORDER BY 1;
