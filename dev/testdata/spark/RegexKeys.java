// What Spark's parse_url(url, 'QUERY', key) gives for keys that are regular
// expressions: Spark compiles "(&|^)" + key + "=([^&]*)" with
// java.util.regex.Pattern and returns group(2) of the first find() in the raw
// query of new java.net.URI(url) (ParseUrlEvaluator in Spark 4). This
// program does the same for every key and query below on the JVM that runs
// it and prints JSON lines: a header (the Java version and the queries),
// then one line per key with Java's error, if any, and the answer for each
// query (null for no match, {"exception": ...} where Spark throws). Run by regex-keys.sh, and by urikit-arrow's
// tests/spark_regex.rs when java and javac are on the PATH.
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class RegexKeys {
    static final String[] QUERIES = {
        "a=1&b=2", "A=1&a=2", "\u00e9=1&e=2", "\u017f=1&s=2", "\u212a=1&k=2", "k=1&K=2",
        "s=1&S=2&\u017f=3", "ab=1&a=2", "aa=1&aaa=2", "a1=x&a_=y", "=empty&a=", "a=&a=2",
        "&&a=3", "x=1&y==2&a=b=c", "1=one&12=two", "%41=enc&A=plain", "a.b=1&axb=2",
        "ab=1&abab=2&b=3", "\u00c4=1&\u00e4=2&\u00e9=3", "\u65e5\u672c=1&\u672c=2",
        "\ud83d\ude00=smile&a=1", "_=u&-=d&~=t", "a%20b=1&a+b=2", "", "a",
        "\u00e91=x&e1=y&\u00c9=z", "x=1&a=1&a=2", "aab=1&ab=2", "a:b=1&a/b=2&a?b=3",
        "I=1&i=2&\u0131=3&\u0130=4", "%C3%A9=1&~a=2", "a,b=1&a;b=2&$=3&!=4&*=5&'=6&(=7&)=8",
    };

    static final String[] KEYS = {
        // ordinary syntax
        "a", "b", "a.b", "a|b", "(a|ab)", "(ab|a)", "a?b", "a*", "a+", "a{2}", "a{1,2}", "a{2,}",
        "[ab]", "[^a]", "[a-c]", "(a)", "(?:a)", "(?<n>a)", "(?<n>a)(?<m>b)", "a*?", "a+?", "a??",
        "a{1,2}?", ".", "..", ".*", ".+?", "^a", "a$", "=", ".*a", "a|b|", "|a", "a|", "(a|)",
        "()", "a{0}", "x{2}{3}", "\\.", "\\&", "\\=", "a\\|b", "[.]", "[=]", "[&]", "[^=&]+",
        // ASCII-only classes
        "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\w+", "\\d+", "\\W+", "[\\d]", "[\\w&&[^\\d]]",
        "\\p{Alpha}", "\\p{Lower}", "\\p{Upper}", "\\p{Alnum}", "\\p{Punct}", "\\P{Alpha}",
        "\\p{ASCII}", "\\p{XDigit}", "\\p{Graph}+", "\\p{Print}", "\\p{Blank}", "\\p{Cntrl}",
        "\\p{Space}", "\\h", "\\H", "\\v", "\\V", "[\\p{Alpha}\\d]+",
        // case folding
        "(?i)a", "(?i)s", "(?i)k", "(?i)i", "(?i)\u00e9", "(?i)\u00e4", "(?i)[a-c]", "(?i)[k]",
        "(?i)[^k]", "(?i)[s-t]", "(?i)\u212a", "(?i)\u017f", "(?iu)s", "(?iu)k", "(?iu)i",
        "(?i)\\p{Lower}", "(?i:A)a", "a(?i)", "(a(?i)b)B", "(?-i)a", "(?i)(?-i:a)", "(?i)[\u00e0-\u00fc]",
        "(?i)\\x41", "(?i)[\\x41-\\x43]", "(?i)\\p{Alpha}",
        // flags d m s u x U c
        "(?U)a", "(?U)\\w", "(?U)\\d", "(?U)\\p{Alpha}", "(?u)a", "(?u)\\w", "(?s).", "(?d).",
        "(?m)^a", "(?m)a$", "(?x)a#x", "(?x) a b ", "(?x)a\\ b", "(?x)[a b]", "(?x)a # c\nb",
        "(?x)( a )", "(?x)[ ^a]", "(?c)a", "(?U-U)\\w", "(?z)a", "(?i", "(?i-)a",
        // Java's class syntax
        "[[:alpha:]]", "[[:alpha:]]+", "[&&a]", "[a&&]", "[a-z&&[^b]]", "[ab[cd]]", "[^[a]]",
        "[a[^b]]", "[]a]", "[^]a]", "[a-]", "[-a]", "[a-[b]]", "[a&b]", "[ab&&b]", "[a&&b&&c]",
        "[[a]b&&]", "[\\Q]\\E]", "[a-c&&b-d]", "[^a&&b]", "[\u00e9]", "[^\u00e9]", "[\u00e0-\u00fc]",
        "[\\x{1F600}]",
        // quoting
        "\\Qa.b\\E", "\\Qa.b", "\\Q", "\\Q\\E", "a\\Q\\E*", "\\Q1\\E", "\\Q1", "a\\Q*\\E",
        "\\Qa\\E|b", "\\Q\\\\E", "\\Q&\\E", "\\E",
        // escapes
        "\\x61", "\\x{e9}", "\\u00e9", "\\0141", "\\t", "\\cA", "\\u0061+", "\\ud83d\\ude00",
        "\\x{110000}", "\\ud800", "\\\u00e9", "\u00e9", "\u65e5\u672c", "\ud83d\ude00", ".{2}",
        // find semantics and groups (group 2 is the key's first group when it has one)
        "(a*)*", "(a|b)*", "(a?)+", "(a*)+", "(a|ab)(c|bcd)?", "((a)|b)+", "(a)|b", "(x)?a", "(a+)+b",
        "(?:a|ab)+", "(a)(b)?", "(a*)?", "(?:(a)|b)*", "(?:|a)*", "(?:a|)+b", "(a|)*", "(a*){2}",
        "(a?){2}", "(?:a*)*", "(a?)?", "(a?)*?", "(a?){1,3}", "(?:a?){2,}=", "(a*)*?b",
        // no exact translation
        "a?+", "a*+a", "(?:a|ab)++", "a++", "a{1,2}+", "(?>a|ab)", "(?=a)a", "(?!b).", "(?<=&)a",
        "(?<!x)a", "(a)\\1", "(?<n>a)\\k<n>", "\\b", "\\ba", "\\Ba", "\\Aa", "a\\z", "a\\Z", "\\Ga",
        "\\R", "\\X", "\\N{LATIN SMALL LETTER A}", "\\p{L}", "\\pL", "\\p{IsLatin}",
        "\\p{javaLowerCase}", "\\p{InGreek}",
        // Java rejects these
        "(", ")", "[", "a{", "{2}", "*a", "+a", "?a", "a**", "\\", "\\y", "[b-a]", "(?<1a>x)",
        "a{2,1}", "\\c", "[\\1]", "(?<n>a)(?<n>b)", "a{,2}", "\\x{zz}", "\\0", "\\08", "\\k<m>",
        "\\p{Bogus}", "[a-\\d]", "[]", "[^]", "(?<n", "x{99999999999}",
    };

    static String json(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder();
        StringBuilder qs = new StringBuilder();
        for (String q : QUERIES) {
            // Every query is kept raw by java.net.URI, as parse_url reads it.
            String raw = new URI("http://h/?" + q).getRawQuery();
            if (!q.equals(raw)) throw new IllegalStateException("query changed: " + q);
            qs.append(qs.length() == 0 ? "" : ",").append(json(q));
        }
        out.append("{\"java\":").append(json(System.getProperty("java.version")))
           .append(",\"vm\":").append(json(System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version")))
           .append(",\"queries\":[").append(qs).append("]}\n");
        // With an argument, the keys are the lines of that file instead
        // (for a larger, generated run; the committed file uses KEYS).
        String[] keys = args.length == 0 ? KEYS
            : java.nio.file.Files.readAllLines(java.nio.file.Path.of(args[0])).toArray(new String[0]);
        for (String key : keys) {
            String error = null;
            Pattern p = null;
            try {
                p = Pattern.compile("(&|^)" + key + "=([^&]*)");
            } catch (PatternSyntaxException e) {
                error = e.getDescription();
            }
            out.append("{\"key\":").append(json(key)).append(",\"error\":").append(json(error));
            if (p != null) {
                out.append(",\"answers\":[");
                for (int i = 0; i < QUERIES.length; i++) {
                    String query = new URI("http://h/?" + QUERIES[i]).getRawQuery();
                    Matcher m = p.matcher(query);
                    String answer;
                    try {
                        answer = json(m.find() ? m.group(2) : null);
                    } catch (RuntimeException e) {
                        // Spark throws too: a key that quotes the rest of
                        // the pattern (\Q without \E) leaves no group 2,
                        // and Java 17 compiles some classes (such as
                        // [a&&]) into a matcher that throws.
                        answer = "{\"exception\":" + json(e.getClass().getName()) + "}";
                    }
                    out.append(i == 0 ? "" : ",").append(answer);
                }
                out.append("]");
            }
            out.append("}\n");
        }
        System.out.print(out);
    }
}
