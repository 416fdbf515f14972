#!/usr/bin/env perl
# An adapter in a language hashbench does not ship, run with
#   hashbench run sha2-256 --adapter 'perl examples/adapters/perl/adapter.pl'
# It speaks protocol version 1 of docs/adapters.md and offers Perl's core digests:
# Digest::SHA (SHA-1, SHA-256) and Digest::MD5, each through the calls a Perl caller
# writes: `sha256($data)` (oneshot), `Digest::SHA->new(256)->add($data)->digest` (new)
# and `sha256_hex($data)` (hex). Only core modules: nothing to install.
use strict;
use warnings;
use Digest::MD5 ();
use Digest::SHA ();
use JSON::PP ();
use Time::HiRes ();

my $json = JSON::PP->new->canonical;
$| = 1;

# id => [algorithm, provider, one-call, new object, hex].
my %impls = (
    'sha2-256/perl:digest-sha' => [
        'sha2-256', "Digest::SHA $Digest::SHA::VERSION",
        \&Digest::SHA::sha256, sub { Digest::SHA->new(256) }, \&Digest::SHA::sha256_hex,
    ],
    'sha1/perl:digest-sha' => [
        'sha1', "Digest::SHA $Digest::SHA::VERSION",
        \&Digest::SHA::sha1, sub { Digest::SHA->new(1) }, \&Digest::SHA::sha1_hex,
    ],
    'md5/perl:digest-md5' => [
        'md5', "Digest::MD5 $Digest::MD5::VERSION",
        \&Digest::MD5::md5, sub { Digest::MD5->new }, \&Digest::MD5::md5_hex,
    ],
);

# The xorshift64 stream of vectors/README.md: per 8 bytes x ^= x << 13; x ^= x >> 7;
# x ^= x << 17 (mod 2^64), little-endian, truncated to `size`.
sub stream {
    my ($size, $seed) = @_;
    my $x = $seed;
    my $out = '';
    while (length($out) < $size) {
        $x ^= ($x << 13) & 0xFFFFFFFFFFFFFFFF;
        $x ^= $x >> 7;
        $x ^= ($x << 17) & 0xFFFFFFFFFFFFFFFF;
        $out .= pack('Q<', $x);
    }
    return substr($out, 0, $size);
}

# XOR of the input's little-endian 64-bit words, the last zero-padded.
sub fold {
    my ($data) = @_;
    my $acc = 0;
    for (my $i = 0; $i < length($data); $i += 8) {
        my $word = substr($data, $i, 8);
        $word .= "\0" x (8 - length($word));
        $acc ^= unpack('Q<', $word);
    }
    return sprintf('%016x', $acc);
}

# The digest of `data` through `impl` and `pattern`, cut into updates at `splits`.
sub digest {
    my ($impl, $pattern, $data, $splits) = @_;
    my (undef, undef, $one, $new, $hex) = @$impl;
    if ($pattern eq 'new') {
        my $h = $new->();
        my $at = 0;
        for my $cut (@$splits, length($data)) {
            $h->add(substr($data, $at, $cut - $at));
            $at = $cut;
        }
        return $h->digest;
    }
    die "the $pattern pattern takes no splits\n" if @$splits;
    return $one->($data) if $pattern eq 'oneshot';
    return pack('H*', $hex->($data)) if $pattern eq 'hex';
    die "unknown pattern $pattern\n";
}

# `batches` timed batches of `iterations` calls; every result folded into a sink.
sub time_batches {
    my ($call, $iterations, $batches) = @_;
    my ($sink, @ns, $last) = (0);
    for (1 .. $batches) {
        my $t0 = Time::HiRes::clock_gettime(Time::HiRes::CLOCK_MONOTONIC());
        for (1 .. $iterations) {
            $last = $call->();
            $sink ^= ord($last);
        }
        my $t1 = Time::HiRes::clock_gettime(Time::HiRes::CLOCK_MONOTONIC());
        push @ns, int(($t1 - $t0) * 1e9 + 0.5);
    }
    return (\@ns, $last, $sink);
}

sub answer {
    my ($req) = @_;
    my $op = $req->{op} // '';
    if ($op eq 'hello') {
        my @list = map {
            { id => $_, algorithm => $impls{$_}[0], provider => $impls{$_}[1],
              backend => '', patterns => ['oneshot', 'new', 'hex'] }
        } sort keys %impls;
        return { ok => JSON::PP::true, protocol => 1, runtime => 'perl',
                 version => sprintf('%vd', $^V), nop => 'nop/perl',
                 implementations => \@list };
    }
    my $id = $req->{id} // '';
    my $pattern = $req->{pattern} // '';
    if ($op eq 'digest') {
        my $impl = $impls{$id} or die "unknown implementation $id\n";
        my $data = pack('H*', $req->{data} // '');
        return { ok => JSON::PP::true,
                 digest => unpack('H*', digest($impl, $pattern, $data, $req->{splits} // [])) };
    }
    if ($op eq 'time') {
        my $data = stream($req->{size}, $req->{seed});
        my $call;
        if ($id eq 'nop/perl') {
            die "the nop takes oneshot only\n" unless $pattern eq 'oneshot';
            $call = sub { length($data) ? substr($data, 0, 1) : "\0" };
        } else {
            my $impl = $impls{$id} or die "unknown implementation $id\n";
            my (undef, undef, $one, $new, $hex) = @$impl;
            $call = $pattern eq 'oneshot' ? sub { $one->($data) }
                  : $pattern eq 'new'     ? sub { $new->()->add($data)->digest }
                  : $pattern eq 'hex'     ? sub { $hex->($data) }
                  : die "unknown pattern $pattern\n";
        }
        my ($ns, $last, $sink) = time_batches($call, $req->{iterations}, $req->{batches});
        $last = pack('H*', $last) if $pattern eq 'hex';
        return { ok => JSON::PP::true, input_fold => fold($data), batches_ns => $ns,
                 digest => unpack('H*', $last), sink => $sink };
    }
    die "unknown op '$op'\n";
}

while (my $line = <STDIN>) {
    my $reply = eval { answer($json->decode($line)) };
    if (!$reply) {
        my $why = $@ || 'no answer';
        $why =~ s/\s+$//;
        $reply = { ok => JSON::PP::false, error => $why };
    }
    print $json->encode($reply), "\n";
}
