package hashbench.adapter;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import net.openhft.hashing.LongHashFunction;
import net.openhft.hashing.LongTupleHashFunction;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.digests.Blake2sDigest;
import org.bouncycastle.crypto.digests.Blake3Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;

/**
 * The implementations and their patterns, each written as a Java caller writes it.
 *
 * <p>Patterns (the first listed is the default):
 * <ul>
 *   <li>{@code oneshot}: only where the library has a one-call function:
 *       zero-allocation-hashing's {@code LongHashFunction.hashBytes} (a stateless function
 *       object, kept in a static final field as callers do). MessageDigest, Bouncy Castle and
 *       java.util.zip have no one-call API, so they have no {@code oneshot}.</li>
 *   <li>{@code new}: a new object per call: {@code MessageDigest.getInstance(name).digest(d)}
 *       (provider lookup included, as callers write it), {@code new CRC32()} + update +
 *       getValue, {@code new SHA3Digest(256)} + update + doFinal into a new array.</li>
 *   <li>{@code reuse}: one object made outside the timing, reset by the library itself:
 *       {@code md.digest(d)} (digest resets the MessageDigest), CRC32 update + getValue +
 *       {@code reset()}, Bouncy Castle update + doFinal (doFinal resets) into a new array.</li>
 *   <li>{@code prealloc}: as {@code reuse}, with the digest written into a buffer allocated
 *       once: {@code md.update(d); md.digest(buf, 0, len)}, Bouncy Castle
 *       {@code doFinal(buf, 0)}, zero-allocation-hashing's {@code xx128().hashBytes(d, result)}.
 *       Integer checksums have none: their value is returned without allocating.</li>
 *   <li>{@code hex}: the one-call (or, where there is none, the {@code new}) path, then
 *       {@code HexFormat.of().formatHex(digest)}; for integer checksums
 *       {@code HexFormat.of().toHexDigits(value)}, which gives the big-endian digits.</li>
 * </ul>
 *
 * <p>JIT note: every call runs in one JVM, so the JDK's and the libraries' own call sites
 * (MessageDigest's delegate to its SPI, for instance) see every algorithm that was timed
 * before; that is the JVM a caller using several algorithms gets too. The adapter adds no
 * shared call site of its own where a library is called: the MessageDigest patterns are
 * shared code, but their receiver is always the JDK's one delegate class; the
 * java.util.zip, Bouncy Castle and zero-allocation-hashing calls are written out per
 * algorithm, so each call site sees one concrete class.
 */
final class Impls {
    private Impls() {}

    interface CallFactory {
        Call make() throws Exception;
    }

    /** A streaming hasher for {@code digest} requests with splits. */
    interface Stream {
        void update(byte[] b, int off, int len);

        /** The digest (vectors/README.md byte order); the object is reset by the library. */
        byte[] finish() throws Exception;
    }

    interface StreamFactory {
        Stream make() throws Exception;
    }

    static final class Pattern {
        final CallFactory make;
        final boolean splits;

        Pattern(CallFactory make, boolean splits) {
            this.make = make;
            this.splits = splits;
        }
    }

    static final class Impl {
        final String id, algorithm, provider, backend;
        final List<String> order = new ArrayList<>();
        final Map<String, Pattern> patterns = new LinkedHashMap<>();
        final StreamFactory stream;

        Impl(String algorithm, String library, String provider, String backend, StreamFactory stream) {
            this.id = algorithm + "/java:" + library;
            this.algorithm = algorithm;
            this.provider = provider;
            this.backend = backend;
            this.stream = stream;
        }

        Impl add(String name, CallFactory f) {
            // docs/adapters.md: splits are for the patterns that update an object, new and reuse.
            boolean splits = name.equals("new") || name.equals("reuse");
            order.add(name);
            patterns.put(name, new Pattern(f, splits && stream != null));
            return this;
        }
    }

    // ---------------------------------------------------------------------------------
    // Versions and backends, read at run time
    // ---------------------------------------------------------------------------------

    /** java.base's version, from its module descriptor. */
    static String javaBaseVersion() {
        return Object.class.getModule().getDescriptor().rawVersion().orElse(System.getProperty("java.version"));
    }

    /**
     * A library's version from its own jar, at run time: the manifest's Implementation-Version
     * (via Package), else the jar's META-INF/maven pom.properties, else the manifest's
     * Bundle-Version (OSGi). Bouncy Castle's jar has only Bundle-Version; zero-allocation-
     * hashing's has pom.properties. If none is there (a repackaged jar), the version pinned
     * in pom.xml, which Maven filters into adapter-build.properties at build time, is given
     * and marked as such.
     */
    static String libraryVersion(Class<?> c, String group, String artifact) {
        Package p = c.getPackage();
        if (p != null && p.getImplementationVersion() != null) {
            return p.getImplementationVersion();
        }
        try (InputStream in = c.getResourceAsStream("/META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in != null) {
                Properties pp = new Properties();
                pp.load(in);
                String v = pp.getProperty("version");
                if (v != null) {
                    return v;
                }
            }
        } catch (Exception ignored) {
            // fall through to the manifest
        }
        try {
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            URL u = cs == null ? null : cs.getLocation();
            if (u != null && u.getProtocol().equals("file") && u.getPath().endsWith(".jar")) {
                try (JarFile jar = new JarFile(new java.io.File(u.toURI()))) {
                    Manifest m = jar.getManifest();
                    String v = m == null ? null : m.getMainAttributes().getValue("Bundle-Version");
                    if (v != null) {
                        return v;
                    }
                }
            }
        } catch (Exception ignored) {
            // fall through to the build-time record
        }
        try (InputStream in = Impls.class.getResourceAsStream("/adapter-build.properties")) {
            Properties pp = new Properties();
            pp.load(in);
            String v = pp.getProperty(artifact.equals("bcprov-jdk18on") ? "bcprov.version" : artifact + ".version");
            if (v != null) {
                return v + " (pinned in pom.xml; the jar carries no version)";
            }
        } catch (Exception ignored) {
            // no record either
        }
        return "(version unknown)";
    }

    private static HotSpotDiagnosticMXBean hotspot;

    /**
     * Whether HotSpot's intrinsic for a JDK class is on, from the VM's own flag (which the VM
     * turns off at start when the CPU lacks the instructions the intrinsic needs). "" when the
     * VM has no such flag (another JVM, or another JDK release).
     */
    static String intrinsic(String flag, String what) {
        try {
            if (hotspot == null) {
                hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            }
            boolean on = Boolean.parseBoolean(hotspot.getVMOption(flag).getValue());
            return on ? "HotSpot intrinsic for " + what + " (" + flag + "=true)" : "Java code (" + flag + "=false)";
        } catch (Throwable t) {
            return "";
        }
    }

    private static byte[] be32(long v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    // ---------------------------------------------------------------------------------
    // java.security.MessageDigest (the JDK's provider)
    // ---------------------------------------------------------------------------------

    static Impl messageDigest(String algorithm, String name, String flag) throws Exception {
        MessageDigest probe = MessageDigest.getInstance(name);
        Provider p = probe.getProvider();
        int n = probe.getDigestLength();
        String provider = "java.security.MessageDigest \"" + name + "\", provider " + p.getName() + " "
                + p.getVersionStr() + " (java.base " + javaBaseVersion() + ")";
        StreamFactory stream = () -> {
            MessageDigest md = MessageDigest.getInstance(name);
            return new Stream() {
                public void update(byte[] b, int off, int len) {
                    md.update(b, off, len);
                }

                public byte[] finish() {
                    return md.digest();
                }
            };
        };
        return new Impl(algorithm, "MessageDigest", provider, intrinsic(flag, name + " (" + p.getName() + ")"), stream)
                .add("new", () -> new Call.Bytes() {
                    @Override
                    int run(byte[] d) throws Exception {
                        r = MessageDigest.getInstance(name).digest(d);
                        return r[0];
                    }
                })
                .add("reuse", () -> {
                    MessageDigest md = MessageDigest.getInstance(name);
                    return new Call.Bytes() {
                        @Override
                        int run(byte[] d) {
                            r = md.digest(d); // digest() resets md
                            return r[0];
                        }
                    };
                })
                .add("prealloc", () -> {
                    MessageDigest md = MessageDigest.getInstance(name);
                    return new Call.Into(n) {
                        @Override
                        int run(byte[] d) throws Exception {
                            md.update(d);
                            md.digest(buf, 0, buf.length); // resets md
                            return buf[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) throws Exception {
                        r = HexFormat.of().formatHex(MessageDigest.getInstance(name).digest(d));
                        return r.charAt(0);
                    }
                });
    }

    // ---------------------------------------------------------------------------------
    // java.util.zip: CRC32, CRC32C, Adler32 (no one-call function: new, reuse, hex)
    // ---------------------------------------------------------------------------------

    static String zipProvider(String cls) {
        return "java.util.zip." + cls + " (java.base " + javaBaseVersion() + ")";
    }

    static Impl crc32() {
        return new Impl("crc32", "CRC32", zipProvider("CRC32"), intrinsic("UseCRC32Intrinsics", "CRC32"), () -> {
            CRC32 c = new CRC32();
            return new Stream() {
                public void update(byte[] b, int off, int len) {
                    c.update(b, off, len);
                }

                public byte[] finish() {
                    long v = c.getValue();
                    c.reset();
                    return be32(v);
                }
            };
        })
                .add("new", () -> new Call.Int32() {
                    @Override
                    int run(byte[] d) {
                        CRC32 c = new CRC32();
                        c.update(d);
                        r = (int) c.getValue();
                        return r;
                    }
                })
                .add("reuse", () -> {
                    CRC32 c = new CRC32();
                    return new Call.Int32() {
                        @Override
                        int run(byte[] d) {
                            c.update(d);
                            r = (int) c.getValue();
                            c.reset();
                            return r;
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        CRC32 c = new CRC32();
                        c.update(d);
                        r = HexFormat.of().toHexDigits((int) c.getValue());
                        return r.charAt(0);
                    }
                });
    }

    static Impl crc32c() {
        return new Impl("crc32c", "CRC32C", zipProvider("CRC32C"), intrinsic("UseCRC32CIntrinsics", "CRC32C"), () -> {
            CRC32C c = new CRC32C();
            return new Stream() {
                public void update(byte[] b, int off, int len) {
                    c.update(b, off, len);
                }

                public byte[] finish() {
                    long v = c.getValue();
                    c.reset();
                    return be32(v);
                }
            };
        })
                .add("new", () -> new Call.Int32() {
                    @Override
                    int run(byte[] d) {
                        CRC32C c = new CRC32C();
                        c.update(d);
                        r = (int) c.getValue();
                        return r;
                    }
                })
                .add("reuse", () -> {
                    CRC32C c = new CRC32C();
                    return new Call.Int32() {
                        @Override
                        int run(byte[] d) {
                            c.update(d);
                            r = (int) c.getValue();
                            c.reset();
                            return r;
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        CRC32C c = new CRC32C();
                        c.update(d);
                        r = HexFormat.of().toHexDigits((int) c.getValue());
                        return r.charAt(0);
                    }
                });
    }

    static Impl adler32() {
        return new Impl("adler32", "Adler32", zipProvider("Adler32"), intrinsic("UseAdler32Intrinsics", "Adler32"), () -> {
            Adler32 c = new Adler32();
            return new Stream() {
                public void update(byte[] b, int off, int len) {
                    c.update(b, off, len);
                }

                public byte[] finish() {
                    long v = c.getValue();
                    c.reset();
                    return be32(v);
                }
            };
        })
                .add("new", () -> new Call.Int32() {
                    @Override
                    int run(byte[] d) {
                        Adler32 c = new Adler32();
                        c.update(d);
                        r = (int) c.getValue();
                        return r;
                    }
                })
                .add("reuse", () -> {
                    Adler32 c = new Adler32();
                    return new Call.Int32() {
                        @Override
                        int run(byte[] d) {
                            c.update(d);
                            r = (int) c.getValue();
                            c.reset();
                            return r;
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        Adler32 c = new Adler32();
                        c.update(d);
                        r = HexFormat.of().toHexDigits((int) c.getValue());
                        return r.charAt(0);
                    }
                });
    }

    // ---------------------------------------------------------------------------------
    // Bouncy Castle, lightweight API (org.bouncycastle.crypto.digests): new, reuse,
    // prealloc, hex. doFinal(out, off) writes the digest and resets the object.
    // ---------------------------------------------------------------------------------

    static String bcProvider(Class<?> c) {
        return "org.bouncycastle:bcprov-jdk18on " + libraryVersion(c, "org.bouncycastle", "bcprov-jdk18on") + " ("
                + c.getName() + ")";
    }

    static StreamFactory bcStream(java.util.function.Supplier<Digest> mk) {
        return () -> {
            Digest g = mk.get();
            return new Stream() {
                public void update(byte[] b, int off, int len) {
                    g.update(b, off, len);
                }

                public byte[] finish() {
                    byte[] o = new byte[g.getDigestSize()];
                    g.doFinal(o, 0);
                    return o;
                }
            };
        };
    }

    static final String BC_BACKEND = "pure Java";

    static Impl bcSha3(String algorithm, int bits) {
        return new Impl(algorithm, "bouncycastle", bcProvider(SHA3Digest.class), BC_BACKEND,
                bcStream(() -> new SHA3Digest(bits)))
                .add("new", () -> new Call.Bytes() {
                    @Override
                    int run(byte[] d) {
                        SHA3Digest g = new SHA3Digest(bits);
                        g.update(d, 0, d.length);
                        r = new byte[g.getDigestSize()];
                        g.doFinal(r, 0);
                        return r[0];
                    }
                })
                .add("reuse", () -> {
                    SHA3Digest g = new SHA3Digest(bits);
                    return new Call.Bytes() {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            r = new byte[g.getDigestSize()];
                            g.doFinal(r, 0);
                            return r[0];
                        }
                    };
                })
                .add("prealloc", () -> {
                    SHA3Digest g = new SHA3Digest(bits);
                    return new Call.Into(g.getDigestSize()) {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            g.doFinal(buf, 0);
                            return buf[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        SHA3Digest g = new SHA3Digest(bits);
                        g.update(d, 0, d.length);
                        byte[] o = new byte[g.getDigestSize()];
                        g.doFinal(o, 0);
                        r = HexFormat.of().formatHex(o);
                        return r.charAt(0);
                    }
                });
    }

    /** Unkeyed BLAKE2b; Blake2bDigest(bits) takes the digest size in bits. */
    static Impl bcBlake2b(String algorithm, int bits) {
        return new Impl(algorithm, "bouncycastle", bcProvider(Blake2bDigest.class), BC_BACKEND,
                bcStream(() -> new Blake2bDigest(bits)))
                .add("new", () -> new Call.Bytes() {
                    @Override
                    int run(byte[] d) {
                        Blake2bDigest g = new Blake2bDigest(bits);
                        g.update(d, 0, d.length);
                        r = new byte[g.getDigestSize()];
                        g.doFinal(r, 0);
                        return r[0];
                    }
                })
                .add("reuse", () -> {
                    Blake2bDigest g = new Blake2bDigest(bits);
                    return new Call.Bytes() {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            r = new byte[g.getDigestSize()];
                            g.doFinal(r, 0);
                            return r[0];
                        }
                    };
                })
                .add("prealloc", () -> {
                    Blake2bDigest g = new Blake2bDigest(bits);
                    return new Call.Into(g.getDigestSize()) {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            g.doFinal(buf, 0);
                            return buf[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        Blake2bDigest g = new Blake2bDigest(bits);
                        g.update(d, 0, d.length);
                        byte[] o = new byte[g.getDigestSize()];
                        g.doFinal(o, 0);
                        r = HexFormat.of().formatHex(o);
                        return r.charAt(0);
                    }
                });
    }

    static Impl bcBlake2s256() {
        return new Impl("blake2s-256", "bouncycastle", bcProvider(Blake2sDigest.class), BC_BACKEND,
                bcStream(() -> new Blake2sDigest(256)))
                .add("new", () -> new Call.Bytes() {
                    @Override
                    int run(byte[] d) {
                        Blake2sDigest g = new Blake2sDigest(256);
                        g.update(d, 0, d.length);
                        r = new byte[g.getDigestSize()];
                        g.doFinal(r, 0);
                        return r[0];
                    }
                })
                .add("reuse", () -> {
                    Blake2sDigest g = new Blake2sDigest(256);
                    return new Call.Bytes() {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            r = new byte[g.getDigestSize()];
                            g.doFinal(r, 0);
                            return r[0];
                        }
                    };
                })
                .add("prealloc", () -> {
                    Blake2sDigest g = new Blake2sDigest(256);
                    return new Call.Into(g.getDigestSize()) {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            g.doFinal(buf, 0);
                            return buf[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        Blake2sDigest g = new Blake2sDigest(256);
                        g.update(d, 0, d.length);
                        byte[] o = new byte[g.getDigestSize()];
                        g.doFinal(o, 0);
                        r = HexFormat.of().formatHex(o);
                        return r.charAt(0);
                    }
                });
    }

    /** BLAKE3 hash mode, default 32-byte output (Blake3Digest()). */
    static Impl bcBlake3() {
        return new Impl("blake3", "bouncycastle", bcProvider(Blake3Digest.class), BC_BACKEND,
                bcStream(Blake3Digest::new))
                .add("new", () -> new Call.Bytes() {
                    @Override
                    int run(byte[] d) {
                        Blake3Digest g = new Blake3Digest();
                        g.update(d, 0, d.length);
                        r = new byte[g.getDigestSize()];
                        g.doFinal(r, 0);
                        return r[0];
                    }
                })
                .add("reuse", () -> {
                    Blake3Digest g = new Blake3Digest();
                    return new Call.Bytes() {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            r = new byte[g.getDigestSize()];
                            g.doFinal(r, 0);
                            return r[0];
                        }
                    };
                })
                .add("prealloc", () -> {
                    Blake3Digest g = new Blake3Digest();
                    return new Call.Into(g.getDigestSize()) {
                        @Override
                        int run(byte[] d) {
                            g.update(d, 0, d.length);
                            g.doFinal(buf, 0);
                            return buf[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        Blake3Digest g = new Blake3Digest();
                        g.update(d, 0, d.length);
                        byte[] o = new byte[g.getDigestSize()];
                        g.doFinal(o, 0);
                        r = HexFormat.of().formatHex(o);
                        return r.charAt(0);
                    }
                });
    }

    // ---------------------------------------------------------------------------------
    // zero-allocation-hashing: stateless hash functions (seed 0), no streaming API, so
    // oneshot and hex only (and prealloc for the 128-bit result array).
    // ---------------------------------------------------------------------------------

    static final LongHashFunction XX3 = LongHashFunction.xx3();
    static final LongHashFunction XX64 = LongHashFunction.xx();
    static final LongTupleHashFunction XX128 = LongTupleHashFunction.xx128();

    static String zahProvider(String fn) {
        return "net.openhft:zero-allocation-hashing "
                + libraryVersion(LongHashFunction.class, "net.openhft", "zero-allocation-hashing") + " (" + fn + ")";
    }

    static final String ZAH_BACKEND = "pure Java";

    static Impl zahXxh3() {
        return new Impl("xxh3-64", "zero-allocation-hashing", zahProvider("LongHashFunction.xx3()"), ZAH_BACKEND, null)
                .add("oneshot", () -> new Call.Int64() {
                    @Override
                    int run(byte[] d) {
                        r = XX3.hashBytes(d);
                        return (int) r;
                    }
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        r = HexFormat.of().toHexDigits(XX3.hashBytes(d));
                        return r.charAt(0);
                    }
                });
    }

    static Impl zahXxh64() {
        return new Impl("xxh64", "zero-allocation-hashing", zahProvider("LongHashFunction.xx()"), ZAH_BACKEND, null)
                .add("oneshot", () -> new Call.Int64() {
                    @Override
                    int run(byte[] d) {
                        r = XX64.hashBytes(d);
                        return (int) r;
                    }
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        r = HexFormat.of().toHexDigits(XX64.hashBytes(d));
                        return r.charAt(0);
                    }
                });
    }

    /**
     * XXH3-128: hashBytes gives {low 64 bits, high 64 bits}; the canonical digest is high
     * then low, each big-endian (Call.Int128, and the hex text below).
     */
    static Impl zahXxh128() {
        return new Impl("xxh3-128", "zero-allocation-hashing", zahProvider("LongTupleHashFunction.xx128()"), ZAH_BACKEND,
                null)
                .add("oneshot", () -> new Call.Int128() {
                    @Override
                    int run(byte[] d) {
                        r = XX128.hashBytes(d); // a new long[2] per call
                        return (int) r[0];
                    }
                })
                .add("prealloc", () -> {
                    long[] result = XX128.newResultArray();
                    return new Call.Int128() {
                        {
                            r = result;
                        }

                        @Override
                        int run(byte[] d) {
                            XX128.hashBytes(d, result);
                            return (int) result[0];
                        }
                    };
                })
                .add("hex", () -> new Call.Hex() {
                    @Override
                    int run(byte[] d) {
                        long[] h = XX128.hashBytes(d);
                        HexFormat f = HexFormat.of();
                        r = f.toHexDigits(h[1]) + f.toHexDigits(h[0]);
                        return r.charAt(0);
                    }
                });
    }

    static List<Impl> all() throws Exception {
        List<Impl> l = new ArrayList<>();
        l.add(messageDigest("md5", "MD5", "UseMD5Intrinsics"));
        l.add(messageDigest("sha1", "SHA-1", "UseSHA1Intrinsics"));
        l.add(messageDigest("sha2-224", "SHA-224", "UseSHA256Intrinsics"));
        l.add(messageDigest("sha2-256", "SHA-256", "UseSHA256Intrinsics"));
        l.add(messageDigest("sha2-384", "SHA-384", "UseSHA512Intrinsics"));
        l.add(messageDigest("sha2-512", "SHA-512", "UseSHA512Intrinsics"));
        l.add(messageDigest("sha2-512-256", "SHA-512/256", "UseSHA512Intrinsics"));
        l.add(messageDigest("sha3-224", "SHA3-224", "UseSHA3Intrinsics"));
        l.add(messageDigest("sha3-256", "SHA3-256", "UseSHA3Intrinsics"));
        l.add(messageDigest("sha3-384", "SHA3-384", "UseSHA3Intrinsics"));
        l.add(messageDigest("sha3-512", "SHA3-512", "UseSHA3Intrinsics"));
        l.add(crc32());
        l.add(crc32c());
        l.add(adler32());
        l.add(bcSha3("sha3-224", 224));
        l.add(bcSha3("sha3-256", 256));
        l.add(bcSha3("sha3-384", 384));
        l.add(bcSha3("sha3-512", 512));
        l.add(bcBlake2b("blake2b-256", 256));
        l.add(bcBlake2b("blake2b-512", 512));
        l.add(bcBlake2s256());
        l.add(bcBlake3());
        l.add(zahXxh3());
        l.add(zahXxh64());
        l.add(zahXxh128());
        return l;
    }
}
