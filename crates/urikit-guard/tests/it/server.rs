//! HTTP servers on 127.0.0.x for the end-to-end tests, each counting the
//! requests it receives, and the test resolver and policy.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use urikit_guard::{Guard, Policy, Resolver};

/// A server that answers every request from `respond(path)` (a full
/// response head and body) and counts the requests.
pub struct Server {
    pub addr: SocketAddr,
    hits: Arc<AtomicUsize>,
}

impl Server {
    pub fn start(ip: &str, respond: fn(&str, SocketAddr) -> String) -> Server {
        let listener = TcpListener::bind((ip, 0)).expect("bind a test server");
        let addr = listener.local_addr().unwrap();
        let hits = Arc::new(AtomicUsize::new(0));
        let h = hits.clone();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(mut conn) = conn else { continue };
                let mut reader = BufReader::new(conn.try_clone().unwrap());
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() || first.is_empty() {
                    continue;
                }
                h.fetch_add(1, Ordering::SeqCst);
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok() && line != "\r\n" && !line.is_empty() {
                    line.clear();
                }
                let path = first.split(' ').nth(1).unwrap_or("/").to_string();
                let _ = conn.write_all(respond(&path, addr).as_bytes());
            }
        });
        Server { addr, hits }
    }

    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }
}

pub fn ok(body: &str) -> String {
    format!(
        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

pub fn redirect(to: &str) -> String {
    format!(
        "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
}

/// The target: must record zero requests in every refused case.
pub fn target() -> Server {
    Server::start("127.0.0.1", |_, _| ok("target"))
}

/// The "public" server on 127.0.0.2 (allowed by the test policy's range):
/// `/to/URL` redirects to URL (percent-decoding not needed: URLs are
/// written plain), `/loop/N` redirects N more times, else 200.
pub fn public() -> Server {
    Server::start("127.0.0.2", |path, me| {
        if let Some(to) = path.strip_prefix("/to/") {
            redirect(to)
        } else if let Some(n) = path.strip_prefix("/loop/") {
            match n.parse::<u32>() {
                Ok(0) | Err(_) => ok("end"),
                Ok(n) => redirect(&format!("http://{me}/loop/{}", n - 1)),
            }
        } else {
            ok("public")
        }
    })
}

/// Names for the tests: `public.test` is the public server, `target.test`
/// the target, `mixed.test` both, `rebind.test` the public server on the
/// first lookup and 127.0.0.1 on every later one.
#[derive(Default)]
pub struct TestResolver {
    lookups: Mutex<HashMap<String, usize>>,
}

impl Resolver for TestResolver {
    fn resolve(&self, host: &str, _port: u16) -> io::Result<Vec<IpAddr>> {
        let n = {
            let mut l = self.lookups.lock().unwrap();
            let n = l.entry(host.to_string()).or_default();
            *n += 1;
            *n
        };
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        Ok(match host {
            "public.test" => vec![ip("127.0.0.2")],
            "target.test" => vec![ip("127.0.0.1")],
            "mixed.test" => vec![ip("127.0.0.2"), ip("127.0.0.1")],
            "rebind.test" if n == 1 => vec![ip("127.0.0.2")],
            "rebind.test" => vec![ip("127.0.0.1")],
            _ => return Err(io::Error::new(io::ErrorKind::NotFound, "unknown test name")),
        })
    }
}

/// The test policy: public, plus the public server's address.
pub fn guard() -> Guard {
    let policy =
        Policy::from_toml("max_redirects = 3\n[allow]\nranges = [\"127.0.0.2/32\"]\n").unwrap();
    Guard::new(policy, Default::default()).with_resolver(TestResolver::default())
}

/// The URLs every integration must refuse, with the target's port, and
/// the refusal kind each must give.
pub fn refused(t: SocketAddr) -> Vec<(String, &'static str)> {
    let p = t.port();
    vec![
        (format!("http://127.0.0.1:{p}/"), "denied-address"),
        (format!("http://0x7f.1:{p}/"), "denied-address"),
        (format!("http://2130706433:{p}/"), "denied-address"),
        (format!("http://0177.0.0.1:{p}/"), "denied-address"),
        (format!("http://[::ffff:127.0.0.1]:{p}/"), "denied-address"),
        (format!("http://localhost:{p}/"), "denied-host"),
        (format!("http://target.test:{p}/"), "denied-address"),
        (format!("http://mixed.test:{p}/"), "denied-address"),
    ]
}
