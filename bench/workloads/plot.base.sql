-- plot, bare scan: fetch and detoast every series of one length, no math
SELECT sum(array_length(px, 1)) FROM plotdata WHERE len = :len;
