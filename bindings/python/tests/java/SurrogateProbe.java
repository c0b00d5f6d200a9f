// What java.net.URI (the real JDK's) does with lone surrogates, which a Java
// String holds as any other char: the recording that tests/test_surrogates.py
// checks `urikit.parse(s, profile='java')` against. Run by
// scripts/record-java-surrogates.sh, which writes its output to
// tests/data/java_surrogates.json.
//
// Prints one JSON array: per case, the operation ("parse", "resolve",
// "normalize"), its input(s) and either the URI's accessors or the
// URISyntaxException's reason and index. Every char outside printable ASCII
// is written as a JSON unicode escape (backslash, u, four hex digits), so a lone surrogate survives the trip (no
// case holds a high surrogate followed by a low one: JSON readers join
// such a pair into one character).
import java.net.URI;
import java.net.URISyntaxException;

public class SurrogateProbe {
    static final String[] PARSE = {
        "http://h/\ud800", "http://h/\udc00", "http://h/\udfff", "http://h/a\ud800b?q\udbff#f\udc01",
        "http://\ud800/", "http://h\ud800.com/p", "http://u\ud800@h:8080/p", "http://h:80\ud800/",
        "h\ud800://x", "\ud800", "\ud800:x", "a/\ud800:b", "mailto:\ud800@x", "s:\udc00",
        "http://h/\ud800 x", "http://h/%\ud800", "http://h/%4\ud800", "http://[\ud800]/",
        "http://[::1\ud800]/", "#\ud800", "?\udc00", "//\ud800", "//h/\ud800\ud800",
        "http://h/\udc00\ud800", "http://h/\u00e9\ud800\u4e00",
    };
    static final String[][] RESOLVE = {
        {"http://h/a/b", "\ud800"}, {"http://h/a/b", "../\udc00"}, {"http://h/\ud800/b", "c"},
        {"http://h/a/\ud800", "../x"}, {"http://h/a/b", "?\udc00"}, {"http://h/a/b", "#\ud800"},
        {"http://h/\ud800/b?q", ""}, {"mailto:\ud800", "x"}, {"http://h/a", "//\ud800/p"},
    };
    static final String[] NORMALIZE = {
        "http://h/a/./\ud800/../b", "x/../\ud800:y", "http://h/\ud800//./b/..", "\ud800/../../a",
    };

    static String json(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c >= 0x20 && c < 0x7f) b.append(c);
            else b.append(String.format("\\u%04x", (int) c));
        }
        return b.append('"').toString();
    }

    // An accessor's value, or the exception it throws (toASCIIString throws
    // NullPointerException on a lone surrogate in JDK 17).
    static String thrown(java.util.function.Supplier<String> f) {
        try {
            return json(f.get());
        } catch (RuntimeException e) {
            return "{\"exception\": " + json(e.getClass().getName()) + "}";
        }
    }

    static String fields(URI u) {
        return "\"ok\": {\"string\": " + json(u.toString())
            + ", \"ascii\": " + thrown(() -> u.toASCIIString())
            + ", \"scheme\": " + json(u.getScheme())
            + ", \"opaque\": " + u.isOpaque()
            + ", \"raw_scheme_specific_part\": " + json(u.getRawSchemeSpecificPart())
            + ", \"raw_authority\": " + json(u.getRawAuthority())
            + ", \"raw_user_info\": " + json(u.getRawUserInfo())
            + ", \"host\": " + json(u.getHost())
            + ", \"port\": " + u.getPort()
            + ", \"raw_path\": " + json(u.getRawPath())
            + ", \"path\": " + thrown(() -> u.getPath())
            + ", \"raw_query\": " + json(u.getRawQuery())
            + ", \"raw_fragment\": " + json(u.getRawFragment()) + "}";
    }

    static String error(URISyntaxException e) {
        return "\"error\": {\"reason\": " + json(e.getReason()) + ", \"index\": " + e.getIndex() + "}";
    }

    public static void main(String[] args) {
        StringBuilder out = new StringBuilder("[\n");
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (String s : PARSE) {
            String row = "{\"op\": \"parse\", \"input\": " + json(s) + ", ";
            try {
                row += fields(new URI(s));
            } catch (URISyntaxException e) {
                row += error(e);
            }
            rows.add(row + "}");
        }
        for (String[] p : RESOLVE) {
            String row = "{\"op\": \"resolve\", \"base\": " + json(p[0]) + ", \"input\": " + json(p[1]) + ", ";
            try {
                row += fields(new URI(p[0]).resolve(new URI(p[1])));
            } catch (URISyntaxException e) {
                row += error(e);
            }
            rows.add(row + "}");
        }
        for (String s : NORMALIZE) {
            String row = "{\"op\": \"normalize\", \"input\": " + json(s) + ", ";
            try {
                row += fields(new URI(s).normalize());
            } catch (URISyntaxException e) {
                row += error(e);
            }
            rows.add(row + "}");
        }
        out.append(String.join(",\n", rows)).append("\n]");
        System.out.println(out);
    }
}
