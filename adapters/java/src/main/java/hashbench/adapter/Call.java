package hashbench.adapter;

import java.util.HexFormat;

/**
 * One call of a pattern, as the timed loop makes it. {@link #run} hashes the input, keeps the
 * result in a field (so that the last call's digest can be answered) and returns part of it
 * for the loop's sink. Every implementation, pattern and the nop is a subclass, reached
 * through the same virtual call in {@link Main#runBatches}.
 */
abstract class Call {
    /** One call on d: returns a part of the result, folded into the sink by the loop. */
    abstract int run(byte[] d) throws Exception;

    /** The last call's digest, in the byte order of vectors/README.md (hex text decoded). */
    abstract byte[] last();

    /** A byte-array digest (MessageDigest, Bouncy Castle). */
    abstract static class Bytes extends Call {
        byte[] r;

        @Override
        byte[] last() {
            return r.clone();
        }
    }

    /** A digest written into a caller-owned buffer of n bytes (prealloc). */
    abstract static class Into extends Call {
        final byte[] buf;

        Into(int n) {
            buf = new byte[n];
        }

        @Override
        byte[] last() {
            return buf.clone();
        }
    }

    /** A 32-bit checksum, answered big-endian. */
    abstract static class Int32 extends Call {
        int r;

        @Override
        byte[] last() {
            return new byte[] {(byte) (r >>> 24), (byte) (r >>> 16), (byte) (r >>> 8), (byte) r};
        }
    }

    /** A 64-bit hash, answered big-endian. */
    abstract static class Int64 extends Call {
        long r;

        @Override
        byte[] last() {
            byte[] b = new byte[8];
            for (int k = 0; k < 8; k++) {
                b[k] = (byte) (r >>> (56 - 8 * k));
            }
            return b;
        }
    }

    /** A 128-bit hash as {low, high} (zero-allocation-hashing's order), answered canonically: high then low, each big-endian. */
    abstract static class Int128 extends Call {
        long[] r;

        @Override
        byte[] last() {
            byte[] b = new byte[16];
            for (int k = 0; k < 8; k++) {
                b[k] = (byte) (r[1] >>> (56 - 8 * k));
                b[8 + k] = (byte) (r[0] >>> (56 - 8 * k));
            }
            return b;
        }
    }

    /** Lowercase hex text (the `hex` pattern); its digest is the text decoded. */
    abstract static class Hex extends Call {
        String r;

        @Override
        byte[] last() {
            return HexFormat.of().parseHex(r);
        }
    }
}
