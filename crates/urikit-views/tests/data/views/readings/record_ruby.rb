# Install: apt-get update && apt-get install -y ruby
# Records Ruby's URI.parse (the RFC 3986 parser) into ruby.jsonl and
# URI::RFC2396_Parser.new.parse into ruby-rfc2396.jsonl, over inputs.jsonl
# (run from this folder: ruby record_ruby.rb). Fields: scheme, userinfo,
# hostname (brackets of an IPv6 host stripped; "" — URI::File's value for no
# host — is left out), port (Integer#to_s; the scheme's default port when
# none is written), path, query, fragment; nil ones are left out. An error is
# "ClassName: message".
require 'json'
require 'uri'

inputs = File.readlines(File.join(__dir__, 'inputs.jsonl'), chomp: true).map { |l| JSON.parse(l)['input'] }

def record(input, &parse)
  u = parse.call(input)
  rec = { 'input' => input }
  host = u.hostname
  host = nil if host == ''
  { 'scheme' => u.scheme, 'userinfo' => u.userinfo, 'host' => host, 'port' => u.port&.to_s,
    'path' => u.path, 'query' => u.query, 'fragment' => u.fragment }.each do |k, v|
    rec[k] = v.to_s unless v.nil?
  end
  rec
rescue StandardError => e
  { 'input' => input, 'error' => "#{e.class}: #{e.message}" }
end

runtime = "ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (Debian)"
[
  ['ruby', "Ruby URI.parse (uri gem #{URI::VERSION}, lib/uri/rfc3986_parser.rb)", ->(s) { URI.parse(s) }],
  ['ruby-rfc2396', "Ruby URI::RFC2396_Parser (uri gem #{URI::VERSION}, lib/uri/rfc2396_parser.rb)",
   ->(s) { URI::RFC2396_Parser.new.parse(s) }],
].each do |name, library, parse|
  File.open(File.join(__dir__, "#{name}.jsonl"), 'w') do |f|
    f.puts(JSON.generate({ 'meta' => { 'parser' => name, 'library' => library, 'runtime' => runtime } }))
    inputs.each { |s| f.puts(JSON.generate(record(s, &parse))) }
  end
end
