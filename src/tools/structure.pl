#!/usr/bin/perl
# structure.pl
#	The structure of src/ drawn from its includes and calls: rooms (each
#	source file and each header), the arrows between them
#	(an #include of our own header, a call of a function another room's
#	object defines, read from the built objects with nm), the floors they
#	stand on (a room stands above everything it uses), and the circles
#	(rooms that use each other, directly or around), then the same at the
#	level of folders.
#
#	perl src/tools/structure.pl [--top DIR] [--rooms]   (after 'make': the calls come
#	from the objects; --rooms lists each room with its floor and arrows)
#
# The rules of the layout are checked by test/t/layering.pl, which reads
# the same graph (Structure::graph below).
use strict;
use warnings;

package Structure;

use File::Basename qw(dirname);
use File::Find;
use File::Spec;

# The files of src/ (C sources and headers), relative to the top
sub files
{
	my ($top) = @_;
	my @f;
	File::Find::find(
		{
			no_chdir => 1,
			wanted => sub {
				push @f, substr($_, length($top) + 1) if /\.[ch]$/ && -f $_;
			}
		},
		"$top/src");
	return sort @f;
}

# The room of a file: the file (a header is a room of its own, so that a
# dispatcher and the per-ISA files that include its header make no circle)
sub room_of
{
	my ($f) = @_;
	return $f;
}

# The folder of a room: its directory under src/
sub folder_of
{
	my ($r) = @_;
	my $d = dirname($r);
	$d =~ s{^src/?}{};
	return $d eq '' ? '.' : $d;
}

# Our own headers a file includes, resolved as the compiler does (the
# including file's folder, then src/)
sub includes
{
	my ($top, $f) = @_;
	my @inc;
	open my $fh, '<', "$top/$f" or die "$f: $!";
	while (<$fh>)
	{
		next unless /^\s*#\s*include\s+"([^"]+)"/;
		my $h = $1;
		for my $cand (dirname($f) . "/$h", "src/$h")
		{
			my $n = $cand;
			1 while $n =~ s{[^/]+/\.\./}{};
			if (-f "$top/$n") { push @inc, $n; last; }
		}
	}
	close $fh;
	return @inc;
}

# The arrows room -> room (hash of hashes, value: 'include', 'call' or
# 'include+call'), and whether calls were read (objects found)
sub graph
{
	my ($top) = @_;
	my %g;
	my @files = files($top);
	my %rooms = map { room_of($_) => 1 } @files;
	for my $f (@files)
	{
		my $r = room_of($f);
		$g{$r} //= {};
		for my $h (includes($top, $f))
		{
			my $t = room_of($h);
			next if $t eq $r;
			$g{$r}{$t} = 'include';
		}
	}
	my (%def, %undef);
	my $objects = 0;
	for my $f (@files)
	{
		next unless $f =~ /\.c$/;
		(my $o = $f) =~ s/\.c$/.o/;
		next unless -f "$top/$o";
		$objects++;
		my $r = room_of($f);
		for (`nm "$top/$o" 2>/dev/null`)
		{
			if (/^\s+U (\S+)/) { $undef{$r}{$1} = 1; }
			elsif (/^\S+ [TDBR] (\S+)/) { $def{$1} = $r; }
		}
	}
	for my $r (keys %undef)
	{
		for my $s (keys %{ $undef{$r} })
		{
			my $t = $def{$s};
			next if !defined $t || $t eq $r;
			$g{$r}{$t} = exists $g{$r}{$t} ? 'include+call' : 'call';
		}
	}
	return (\%g, $objects);
}

# The strongly connected components of graph g (Tarjan), each a sorted list
sub components
{
	my ($g) = @_;
	my ($index, @stack, %on, %idx, %low, @out) = (0);
	my $visit;
	$visit = sub {
		my ($v) = @_;
		$idx{$v} = $low{$v} = $index++;
		push @stack, $v;
		$on{$v} = 1;
		for my $w (sort keys %{ $g->{$v} || {} })
		{
			if (!exists $idx{$w}) { $visit->($w); $low{$v} = $low{$w} if $low{$w} < $low{$v}; }
			elsif ($on{$w}) { $low{$v} = $idx{$w} if $idx{$w} < $low{$v}; }
		}
		if ($low{$v} == $idx{$v})
		{
			my @c;
			while (1) { my $w = pop @stack; $on{$w} = 0; push @c, $w; last if $w eq $v; }
			push @out, [ sort @c ];
		}
	};
	$visit->($_) for grep { !exists $idx{$_} } sort keys %$g;
	return @out;
}

# The floor of every node: 0 for what uses nothing, else one above the
# highest it uses (the members of a circle share a floor)
sub floors
{
	my ($g) = @_;
	my @comps = components($g);
	my %comp;
	for my $i (0 .. $#comps) { $comp{$_} = $i for @{ $comps[$i] }; }
	my %floor;
	my $f;
	$f = sub {
		my ($c) = @_;
		return $floor{$c} if exists $floor{$c};
		$floor{$c} = 0;
		my $best = 0;
		for my $v (@{ $comps[$c] })
		{
			for my $w (keys %{ $g->{$v} || {} })
			{
				next if $comp{$w} == $c;
				my $fw = $f->($comp{$w}) + 1;
				$best = $fw if $fw > $best;
			}
		}
		return $floor{$c} = $best;
	};
	my %of;
	$of{$_} = $f->($comp{$_}) for keys %$g;
	return (\%of, [ grep { @$_ > 1 } @comps ]);
}

# The graph of folders drawn from graph g
sub folders
{
	my ($g) = @_;
	my %fg;
	for my $r (keys %$g)
	{
		my $a = folder_of($r);
		$fg{$a} //= {};
		for my $t (keys %{ $g->{$r} })
		{
			my $b = folder_of($t);
			$fg{$a}{$b} = 1 if $a ne $b;
		}
	}
	return \%fg;
}

package main;

unless (caller)
{
	my $top = File::Basename::dirname(File::Basename::dirname(
			File::Basename::dirname(File::Spec->rel2abs($0))));
	if (@ARGV >= 2 && $ARGV[0] eq '--top') { $top = $ARGV[1]; splice @ARGV, 0, 2; }
	my ($g, $objects) = Structure::graph($top);
	my ($floor, $circles) = Structure::floors($g);
	my $nfloors = 0;
	for (values %$floor) { $nfloors = $_ + 1 if $_ + 1 > $nfloors; }
	my $narrows = 0;
	$narrows += keys %{ $g->{$_} } for keys %$g;
	printf "rooms %d, arrows %d, floors %d, circles %d%s\n", scalar(keys %$g), $narrows,
	  $nfloors, scalar(@$circles), $objects ? '' : ' (no objects: includes only; run make first)';
	print "circle: ", join(' <-> ', @$_), "\n" for @$circles;
	my $fg = Structure::folders($g);
	my ($ffloor, $fcircles) = Structure::floors($fg);
	my $nff = 0;
	for (values %$ffloor) { $nff = $_ + 1 if $_ + 1 > $nff; }
	printf "folders %d, floors %d, circles %d\n", scalar(keys %$fg), $nff, scalar(@$fcircles);
	print "folder circle: ", join(' <-> ', @$_), "\n" for @$fcircles;
	for my $d (sort { $ffloor->{$b} <=> $ffloor->{$a} || $a cmp $b } keys %$fg)
	{
		printf "  floor %2d  %-10s -> %s\n", $ffloor->{$d}, $d, join(', ', sort keys %{ $fg->{$d} });
	}
	if (@ARGV && $ARGV[0] eq '--rooms')
	{
		for my $r (sort { $floor->{$b} <=> $floor->{$a} || $a cmp $b } keys %$g)
		{
			printf "%2d %s -> %s\n", $floor->{$r}, $r, join(', ', map { "$_ ($g->{$r}{$_})" } sort keys %{ $g->{$r} });
		}
	}
}

1;
