<?php
// Install: apt-get update && apt-get install -y php-cli
// Records PHP's parse_url over inputs.jsonl into php.jsonl (run from this folder:
// php record_php.php). userinfo is user, plus ":" and pass when parse_url gives a pass
// (parse_url splits the userinfo at its first ":"); port is parse_url's int as decimal.
$out = fopen(__DIR__ . '/php.jsonl', 'w');
$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR;
fwrite($out, json_encode(['meta' => [
    'parser' => 'php',
    'library' => 'PHP parse_url (ext/standard/url.c) ' . PHP_VERSION,
    'runtime' => 'php-cli ' . PHP_VERSION . ' (Debian)',
]], $flags) . "\n");
foreach (file(__DIR__ . '/inputs.jsonl', FILE_IGNORE_NEW_LINES) as $line) {
    $s = json_decode($line, true, 512, JSON_THROW_ON_ERROR)['input'];
    $r = parse_url($s);
    $rec = ['input' => $s];
    if ($r === false) {
        $rec['error'] = 'false';
    } else {
        if (array_key_exists('scheme', $r)) $rec['scheme'] = $r['scheme'];
        if (array_key_exists('user', $r)) {
            $rec['userinfo'] = $r['user'] . (array_key_exists('pass', $r) ? ':' . $r['pass'] : '');
        }
        if (array_key_exists('host', $r)) $rec['host'] = $r['host'];
        if (array_key_exists('port', $r)) $rec['port'] = (string) $r['port'];
        foreach (['path', 'query', 'fragment'] as $k) {
            if (array_key_exists($k, $r)) $rec[$k] = $r[$k];
        }
    }
    fwrite($out, json_encode($rec, $flags) . "\n");
}
