package hashbench.adapter;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * The protocol's lines (docs/adapters.md) through Gson: a request line read strictly as
 * one JSON object, its fields read with the types the protocol gives them, and a reply
 * written as one line. Integers are read from their JSON text as {@link BigInteger}, so
 * that a seed up to 2^64 - 1 is exact.
 */
final class Wire {
    private Wire() {}

    /** Replies keep {@code <}, {@code >} and {@code =} as they are: no HTML here. */
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

    /** One request line: a JSON object and nothing after it. */
    static JsonObject parse(String line) throws Main.BadRequest {
        JsonElement v;
        try (JsonReader r = new JsonReader(new StringReader(line))) {
            // Strict: no comments, single quotes, unquoted names or NaN, as JSON says.
            r.setStrictness(Strictness.STRICT);
            v = GSON.getAdapter(JsonElement.class).read(r);
            if (r.peek() != JsonToken.END_DOCUMENT) {
                throw new Main.BadRequest("malformed request: text after the JSON value");
            }
        } catch (IOException | JsonParseException | IllegalStateException e) {
            throw new Main.BadRequest("malformed request: " + reason(e));
        }
        if (!v.isJsonObject()) {
            throw new Main.BadRequest("malformed request: not a JSON object");
        }
        return v.getAsJsonObject();
    }

    /** Gson's message, less its advice to the programmer (lenient parsing, a web page). */
    private static String reason(Exception e) {
        String m = String.valueOf(e.getMessage());
        int see = m.indexOf("See https://");
        if (see >= 0) {
            m = m.substring(0, see).strip();
        }
        if (m.endsWith(".")) {
            m = m.substring(0, m.length() - 1);
        }
        return m.replace("Use JsonReader.setStrictness(Strictness.LENIENT) to accept malformed JSON", "not JSON");
    }

    static String write(JsonObject reply) {
        return GSON.toJson(reply);
    }

    /** A field that is absent or null. */
    static boolean absent(JsonObject req, String key) {
        JsonElement v = req.get(key);
        return v == null || v.isJsonNull();
    }

    /** A string field; null when absent. */
    static String str(JsonObject req, String key) throws Main.BadRequest {
        if (absent(req, key)) {
            return null;
        }
        JsonElement v = req.get(key);
        if (!(v.isJsonPrimitive() && v.getAsJsonPrimitive().isString())) {
            throw new Main.BadRequest("'" + key + "' must be a string");
        }
        return v.getAsString();
    }

    /** An integer field, which must be there. */
    static BigInteger integer(JsonObject req, String key) throws Main.BadRequest {
        if (absent(req, key)) {
            throw new Main.BadRequest("missing '" + key + "'");
        }
        BigInteger v = asInteger(req.get(key));
        if (v == null) {
            throw new Main.BadRequest("'" + key + "' must be an integer");
        }
        return v;
    }

    /** The integer a JSON number written without fraction or exponent holds, else null. */
    static BigInteger asInteger(JsonElement v) {
        if (!(v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber())) {
            return null;
        }
        String text = v.getAsString();
        return INTEGER.matcher(text).matches() ? new BigInteger(text) : null;
    }

    /** An array field; null when absent. */
    static JsonArray array(JsonObject req, String key, String what) throws Main.BadRequest {
        if (absent(req, key)) {
            return null;
        }
        JsonElement v = req.get(key);
        if (!v.isJsonArray()) {
            throw new Main.BadRequest("'" + key + "' must be " + what);
        }
        return v.getAsJsonArray();
    }

    static JsonArray longs(long[] values) {
        JsonArray a = new JsonArray(values.length);
        for (long x : values) {
            a.add(new JsonPrimitive(x));
        }
        return a;
    }
}
