package hashbench.adapter;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * hashbench's Java adapter: one long-lived process speaking the JSON-lines protocol of
 * docs/adapters.md (hello / digest / time) on stdin/stdout; messages go to stderr.
 */
public final class Main {
    /** The protocol version this adapter speaks (docs/adapters.md): hello reports it. */
    static final int PROTOCOL = 1;

    static final String NOP_ID = "nop/java";

    /**
     * The sink: every timed call's result is folded into a local in {@link #runBatches}, which
     * is XORed into this volatile field after the batches. The JIT cannot drop a call whose
     * result reaches a volatile store.
     */
    static volatile int sink;

    /**
     * The nop: everything a timed call does (the same virtual call from the loop, a field
     * store of its result, a value returned to the sink) except hashing; its "digest" is the
     * input's first byte, or 0.
     */
    static final class Nop extends Call {
        int r;

        @Override
        int run(byte[] d) {
            r = d.length == 0 ? 0 : d[0] & 0xff;
            return r;
        }

        @Override
        byte[] last() {
            return new byte[] {(byte) r};
        }
    }

    /**
     * The timed loop: {@code batches} batches of {@code iterations} calls, each batch timed
     * with System.nanoTime(). Every call is the virtual call {@code c.run(data)}; its result
     * is folded into {@code acc}, which goes to the volatile {@link #sink} after the batches.
     */
    static long[] runBatches(Call c, byte[] data, long iterations, int batches) throws Exception {
        long[] ns = new long[batches];
        int acc = 0;
        for (int b = 0; b < batches; b++) {
            long t0 = System.nanoTime();
            for (long i = 0; i < iterations; i++) {
                acc ^= c.run(data);
            }
            ns[b] = System.nanoTime() - t0;
        }
        sink ^= acc;
        return ns;
    }

    /**
     * Makes the loop's call site megamorphic before any request: {@link #runBatches} runs
     * with three different Call classes until the JIT has profiled it. Otherwise the JIT
     * would inline whichever implementation is timed first into the loop (a monomorphic call
     * site), giving it a cheaper loop than every later one and than the nop; after this, the
     * loop reaches every implementation and the nop through the same virtual call.
     */
    static void warmLoop() throws Exception {
        Call[] kinds = {
            new Nop(),
            new Call.Int32() {
                @Override
                int run(byte[] d) {
                    r = d.length;
                    return r;
                }
            },
            new Call.Int64() {
                @Override
                int run(byte[] d) {
                    r = d.length + 1L;
                    return (int) r;
                }
            },
        };
        byte[] d = new byte[16];
        for (int k = 0; k < 12000; k++) {
            runBatches(kinds[k % kinds.length], d, 16, 1);
        }
    }

    // ---------------------------------------------------------------------------------
    // Input generator and fold (vectors/README.md, docs/adapters.md)
    // ---------------------------------------------------------------------------------

    static byte[] xorshift(int size, long seed) {
        byte[] out = new byte[size];
        long x = seed;
        for (int i = 0; i < size; i += 8) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            for (int k = 0; k < 8 && i + k < size; k++) {
                out[i + k] = (byte) (x >>> (8 * k));
            }
        }
        return out;
    }

    static String inputFold(byte[] d) {
        long f = 0;
        for (int i = 0; i < d.length; i += 8) {
            long w = 0;
            for (int k = 0; k < 8 && i + k < d.length; k++) {
                w |= (d[i + k] & 0xffL) << (8 * k);
            }
            f ^= w;
        }
        return String.format("%016x", f);
    }

    // ---------------------------------------------------------------------------------
    // Requests
    // ---------------------------------------------------------------------------------

    static final class BadRequest extends Exception {
        BadRequest(String m) {
            super(m);
        }
    }

    private final Map<String, Impls.Impl> impls = new LinkedHashMap<>();

    Main() throws Exception {
        for (Impls.Impl im : Impls.all()) {
            impls.put(im.id, im);
        }
    }

    static JsonObject ok() {
        JsonObject m = new JsonObject();
        m.addProperty("ok", true);
        return m;
    }

    JsonObject hello() {
        JsonObject m = ok();
        m.addProperty("protocol", PROTOCOL);
        m.addProperty("runtime", "java");
        m.addProperty("version", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version") + ")");
        m.addProperty("nop", NOP_ID);
        JsonArray list = new JsonArray();
        for (Impls.Impl im : impls.values()) {
            JsonObject e = new JsonObject();
            e.addProperty("id", im.id);
            e.addProperty("algorithm", im.algorithm);
            e.addProperty("provider", im.provider);
            e.addProperty("backend", im.backend);
            JsonArray patterns = new JsonArray();
            im.order.forEach(patterns::add);
            e.add("patterns", patterns);
            list.add(e);
        }
        m.add("implementations", list);
        return m;
    }

    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** The pattern a request names (its default when absent); the nop has only oneshot. */
    private Impls.Pattern lookup(String id, String pattern) throws BadRequest {
        if (id == null) {
            throw new BadRequest("missing 'id'");
        }
        if (id.equals(NOP_ID)) {
            if (pattern != null && !pattern.equals("oneshot")) {
                throw new BadRequest(NOP_ID + " has only the pattern oneshot, not '" + pattern + "'");
            }
            return new Impls.Pattern(Nop::new, false);
        }
        Impls.Impl im = impls.get(id);
        if (im == null) {
            throw new BadRequest("unknown implementation '" + id + "'");
        }
        String name = pattern == null ? im.order.get(0) : pattern;
        Impls.Pattern p = im.patterns.get(name);
        if (p == null) {
            throw new BadRequest(id + " does not support the pattern '" + name + "' (it has "
                    + String.join(", ", im.order) + ")");
        }
        return p;
    }

    JsonObject digest(JsonObject req) throws Exception {
        String id = Wire.str(req, "id");
        String pattern = Wire.str(req, "pattern");
        Impls.Pattern p = lookup(id, pattern);
        String hex = Wire.str(req, "data");
        if (hex == null) {
            throw new BadRequest("digest needs 'data' (hex)");
        }
        byte[] data;
        try {
            data = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("'data' is not hex: " + e.getMessage());
        }
        List<Integer> splits = new ArrayList<>();
        JsonArray sv = Wire.array(req, "splits", "a list of offsets");
        if (sv != null) {
            int prev = 0;
            for (JsonElement o : sv) {
                BigInteger b = Wire.asInteger(o);
                if (b == null) {
                    throw new BadRequest("'splits' must hold integers");
                }
                if (b.signum() < 0 || b.compareTo(BigInteger.valueOf(data.length)) > 0 || b.intValue() < prev) {
                    throw new BadRequest("'splits' must be ascending offsets within the data (0.." + data.length + ")");
                }
                prev = b.intValue();
                splits.add(prev);
            }
        }
        String name = pattern != null ? pattern : id.equals(NOP_ID) ? "oneshot" : impls.get(id).order.get(0);
        boolean twice = name.equals("reuse") || name.equals("prealloc");
        byte[] out;
        if (!splits.isEmpty()) {
            if (!p.splits) {
                throw new BadRequest("the pattern '" + name + "' is one call: it cannot take splits");
            }
            Impls.Stream s = impls.get(id).stream.make();
            out = streamed(s, data, splits);
            if (twice) {
                out = streamed(s, data, splits); // the same object after the library's reset
            }
        } else {
            Call c = p.make.make();
            c.run(data);
            if (twice) {
                c.run(data); // hashed twice on the one object: the answer checks its reset
            }
            out = c.last();
        }
        JsonObject m = ok();
        m.addProperty("digest", HexFormat.of().formatHex(out));
        return m;
    }

    private static byte[] streamed(Impls.Stream s, byte[] data, List<Integer> splits) throws Exception {
        int prev = 0;
        for (int cut : splits) {
            s.update(data, prev, cut - prev);
            prev = cut;
        }
        s.update(data, prev, data.length - prev);
        return s.finish();
    }

    JsonObject time(JsonObject req) throws Exception {
        Impls.Pattern p = lookup(Wire.str(req, "id"), Wire.str(req, "pattern"));
        BigInteger size = Wire.integer(req, "size");
        BigInteger seed = Wire.integer(req, "seed");
        BigInteger iterations = Wire.integer(req, "iterations");
        BigInteger batches = Wire.integer(req, "batches");
        if (size.signum() < 0 || size.bitLength() > 31 || size.intValue() > Integer.MAX_VALUE - 8) {
            throw new BadRequest("'size' must be between 0 and " + (Integer.MAX_VALUE - 8));
        }
        if (seed.signum() <= 0 || seed.compareTo(U64_MAX) > 0) {
            throw new BadRequest("'seed' must be a nonzero unsigned 64-bit integer");
        }
        if (iterations.signum() <= 0 || iterations.bitLength() > 63) {
            throw new BadRequest("'iterations' must be a positive 64-bit integer");
        }
        if (batches.signum() <= 0 || batches.bitLength() > 24) {
            throw new BadRequest("'batches' must be between 1 and 2^24 - 1");
        }
        JsonElement sv = req.get("splits");
        if (sv != null && sv.isJsonArray() && !sv.getAsJsonArray().isEmpty()) {
            throw new BadRequest("time takes no splits");
        }
        byte[] data = xorshift(size.intValue(), seed.longValue());
        Call c = p.make.make();
        long[] ns = runBatches(c, data, iterations.longValue(), batches.intValue());
        JsonObject m = ok();
        m.addProperty("input_fold", inputFold(data));
        m.add("batches_ns", Wire.longs(ns));
        m.addProperty("digest", HexFormat.of().formatHex(c.last())); // the last timed call's result
        return m;
    }

    JsonObject handle(String line) {
        try {
            JsonObject req = Wire.parse(line);
            String op = Wire.str(req, "op");
            if (op == null) {
                throw new BadRequest("missing 'op'");
            }
            switch (op) {
                case "hello":
                    return hello();
                case "digest":
                    return digest(req);
                case "time":
                    return time(req);
                default:
                    throw new BadRequest("unknown op '" + op + "'");
            }
        } catch (BadRequest e) {
            return error(e.getMessage());
        } catch (Throwable t) {
            return error("internal error: " + t);
        }
    }

    static JsonObject error(String message) {
        JsonObject m = new JsonObject();
        m.addProperty("ok", false);
        m.addProperty("error", String.valueOf(message).replace('\n', ' '));
        return m;
    }

    public static void main(String[] args) throws Exception {
        Main a = new Main();
        warmLoop();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 20);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String reply;
            try {
                reply = Wire.write(a.handle(line));
            } catch (Throwable t) {
                reply = Wire.write(error("cannot encode the reply: " + t));
            }
            out.write(reply);
            out.write('\n');
            out.flush();
        }
    }
}
