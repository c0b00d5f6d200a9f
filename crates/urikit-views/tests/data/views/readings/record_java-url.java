// Run from the repository root (JDK 17 on PATH, nothing to install):
//   java crates/urikit-views/tests/data/views/readings/record_java-url.java
//
// Records what java.net.URL (`new URL(s)`) reads in each input of
// inputs.jsonl, into java-url.jsonl: the getters getProtocol (scheme),
// getUserInfo, getHost (an empty host is absent), getPort (-1 is absent),
// getPath, getQuery and getRef (fragment); or the exception's toString().
// Self-contained (a JSON reader and writer for the flat objects of
// inputs.jsonl), so that the recording needs nothing but the JDK.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

public class RecordJavaUrl {
    public static void main(String[] args) throws IOException {
        Path here = Path.of("crates/urikit-views/tests/data/views/readings");
        try (BufferedReader in = Files.newBufferedReader(here.resolve("inputs.jsonl"), StandardCharsets.UTF_8);
             BufferedWriter out = Files.newBufferedWriter(here.resolve("java-url.jsonl"), StandardCharsets.UTF_8)) {
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put("parser", "java-url");
            meta.put("library", "java.net.URL of OpenJDK " + System.getProperty("java.runtime.version"));
            meta.put("runtime", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                    + " (" + System.getProperty("java.vendor") + ")");
            out.write("{\"meta\":" + object(meta) + "}\n");
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) continue;
                String input = parseObject(line).get("input");
                Map<String, String> rec = new LinkedHashMap<>();
                rec.put("input", input);
                try {
                    URL u = new URL(input);
                    rec.put("scheme", u.getProtocol());
                    putIf(rec, "userinfo", u.getUserInfo());
                    String host = u.getHost();
                    putIf(rec, "host", host == null || host.isEmpty() ? null : host);
                    putIf(rec, "port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
                    putIf(rec, "path", u.getPath());
                    putIf(rec, "query", u.getQuery());
                    putIf(rec, "fragment", u.getRef());
                } catch (MalformedURLException e) {
                    rec.put("error", e.toString());
                }
                out.write(object(rec));
                out.write('\n');
            }
        }
    }

    static void putIf(Map<String, String> m, String k, String v) {
        if (v != null) m.put(k, v);
    }

    static String object(Map<String, String> m) {
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<String, String> e : m.entrySet()) {
            if (b.length() > 1) b.append(',');
            string(b, e.getKey());
            b.append(':');
            if (e.getKey().equals("meta")) b.append(e.getValue()); else string(b, e.getValue());
        }
        return b.append('}').toString();
    }

    // JSON string as Python's json.dumps(ensure_ascii=False) writes it.
    static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                default:
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
            }
        }
        b.append('"');
    }

    // The flat objects of inputs.jsonl: string keys, string values.
    static Map<String, String> parseObject(String s) {
        Map<String, String> m = new LinkedHashMap<>();
        int[] pos = {0};
        skip(s, pos);
        expect(s, pos, '{');
        skip(s, pos);
        if (s.charAt(pos[0]) == '}') return m;
        while (true) {
            skip(s, pos);
            String k = parseString(s, pos);
            skip(s, pos);
            expect(s, pos, ':');
            skip(s, pos);
            String v = parseString(s, pos);
            m.put(k, v);
            skip(s, pos);
            char c = s.charAt(pos[0]++);
            if (c == '}') return m;
            if (c != ',') throw new IllegalArgumentException("bad JSON at " + pos[0] + ": " + s);
        }
    }

    static void skip(String s, int[] pos) {
        while (pos[0] < s.length() && " \t\r\n".indexOf(s.charAt(pos[0])) >= 0) pos[0]++;
    }

    static void expect(String s, int[] pos, char c) {
        if (s.charAt(pos[0]++) != c) throw new IllegalArgumentException("expected " + c + " in " + s);
    }

    static String parseString(String s, int[] pos) {
        expect(s, pos, '"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = s.charAt(pos[0]++);
            if (c == '"') return b.toString();
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = s.charAt(pos[0]++);
            switch (e) {
                case '"': case '\\': case '/': b.append(e); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u':
                    b.append((char) Integer.parseInt(s.substring(pos[0], pos[0] + 4), 16));
                    pos[0] += 4;
                    break;
                default: throw new IllegalArgumentException("bad escape in " + s);
            }
        }
    }
}
