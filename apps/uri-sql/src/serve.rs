//! `uri-sql scheduler` and `uri-sql executor`: the processes of a cluster,
//! which run until they are stopped.

use std::io::{self, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::process::ExitCode;

use crate::{ExecutorArgs, SchedulerArgs, cluster, remote};

/// With `--exit-when-stdin-closes`: end the process when standard input
/// reaches its end (the parent closed it, or died).
fn exit_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut sink = [0u8; 512];
        let mut stdin = io::stdin().lock();
        while matches!(stdin.read(&mut sink), Ok(n) if n > 0) {}
        std::process::exit(0);
    });
}

/// A runtime for a process, or the exit status of failing to make one.
fn runtime() -> Result<tokio::runtime::Runtime, ExitCode> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            eprintln!("uri-sql: cannot start the runtime: {e}");
            ExitCode::from(2)
        })
}

/// How a process ended.
fn ended(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Runs a scheduler until it ends.
pub fn scheduler(a: SchedulerArgs) -> ExitCode {
    let runtime = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    if a.exit_when_stdin_closes {
        exit_when_stdin_closes();
    }
    let scheduler = cluster::Scheduler {
        bind: a.bind,
        advertise: a.advertise,
        executor_timeout: a.executor_timeout.unwrap_or(cluster::EXECUTOR_TIMEOUT),
    };
    ended(runtime.block_on(cluster::scheduler(scheduler, |bound| {
        // The one line on standard output: where the scheduler is, for
        // scripts that asked for port 0.
        println!("{bound}");
        let _ = io::stdout().flush();
        eprintln!("uri-sql: scheduler listening on {bound}");
    })))
}

/// A port of `ip` free when asked. Ballista's executor binds its ports
/// itself, from numbers: for port 0 one is picked here, and another
/// process could take it before the executor binds it (the executor then
/// fails to start, saying so).
fn free_port(ip: IpAddr) -> Result<u16, String> {
    TcpListener::bind((ip, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("executor: cannot find a free port on {ip}: {e}"))
}

/// The executor's ports: a free one for a `--bind` port 0 (set in
/// `bind`); the control port, `--grpc-port`, or a free one next to a
/// picked port, or the `--bind` port + 1.
fn ports(bind: &mut SocketAddr, grpc_port: Option<u16>) -> Result<u16, String> {
    let picked = bind.port() == 0;
    if picked {
        let port = free_port(bind.ip())?;
        bind.set_port(port);
    }
    match grpc_port {
        Some(p) => Ok(p),
        None if picked => free_port(bind.ip()),
        None => bind
            .port()
            .checked_add(1)
            .ok_or_else(|| "executor: --bind port 65535 leaves no room for --grpc-port".to_owned()),
    }
}

/// Runs an executor until it ends.
pub fn executor(a: ExecutorArgs) -> ExitCode {
    let mut bind = a.bind;
    let picked = bind.port() == 0;
    let grpc_port = match ports(&mut bind, a.grpc_port) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("uri-sql: {msg}");
            return ExitCode::from(2);
        }
    };
    let runtime = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    if a.exit_when_stdin_closes {
        exit_when_stdin_closes();
    }
    let executor = cluster::Executor {
        scheduler: a.scheduler,
        bind,
        grpc_port,
        advertise: a.advertise,
        slots: a.slots.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        work_dir: a.work_dir,
        heartbeat: a.heartbeat.unwrap_or(cluster::HEARTBEAT),
    };
    if picked {
        // As the scheduler does: the address on standard output, for
        // scripts that asked for port 0.
        println!("{bind}");
        let _ = io::stdout().flush();
    }
    eprintln!(
        "uri-sql: executor on {} (control port {}), {} slots, scheduler {}:{}, \
         heartbeat every {}",
        executor.bind,
        executor.grpc_port,
        executor.slots,
        executor.scheduler.0,
        executor.scheduler.1,
        remote::show(executor.heartbeat)
    );
    ended(runtime.block_on(cluster::executor(executor)))
}
