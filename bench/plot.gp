# ns per element against vector length, from ns_per_element.dat (bench/report.py)
# gnuplot -e "datafile='...'; pngfile='...'" bench/plot.gp
set terminal pngcairo size 900,680 font "DejaVu Sans,11"
set output pngfile
set title "scale\\_add(dlog(px, 1), 252, 0): time per element, all series of one length per query"
set xlabel "elements per vector"
set ylabel "ns per element (log scale)"
set logscale xy
set format x "10^{%T}"
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key below box maxrows 3 spacing 1.1
set bmargin 9
set datafile missing "?"
plot datafile using 1:2 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "fused", \
     datafile using 1:3 with linespoints lw 2 pt 5 lc rgb "#ff7f0e" title "unfused (fusion off)", \
     datafile using 1:4 with linespoints lw 2 pt 9 lc rgb "#d62728" title "plain SQL (unnest, lag, array\\_agg)", \
     datafile using 1:5 with linespoints lw 2 pt 13 lc rgb "#2ca02c" title "NumPy (computation only)", \
     datafile using 1:6 with linespoints lw 1 dt 2 pt 1 lc rgb "#555555" title "bare scan (detoast, array\\_length)"
