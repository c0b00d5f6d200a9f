//! The cluster: Ballista's scheduler and executor processes with urikit's
//! functions registered, and the client side of `run --cluster`.
//!
//! A query sent to a cluster travels as a logical plan to the scheduler,
//! which plans it with [`state`] (so it knows the `uri_*` functions), cuts
//! the physical plan into stages and sends them to executors, which decode
//! the functions a plan names through [`registry`]. Every process of a
//! cluster must therefore be a `uri-sql` of the same version.
//!
//! Faults: an executor sends a heartbeat every [`HEARTBEAT`] (`--heartbeat`);
//! the scheduler takes one it has not heard from for [`EXECUTOR_TIMEOUT`]
//! (`--executor-timeout`) as dead, checking every second, and runs its
//! tasks again on the others (Ballista's defaults are 60 s and 180 s). What
//! the client does meanwhile is in `remote.rs`.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ballista_core::extension::SessionConfigExt;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::serde::protobuf::executor_status;
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::{BallistaCluster, ClusterState};
use ballista_scheduler::config::{SchedulerConfig, TaskDistributionPolicy};
use ballista_scheduler::scheduler_process::{create_scheduler, start_grpc_service_with_listener};
use datafusion::common::extensions_options;
use datafusion::config::ConfigExtension;
use datafusion::execution::FunctionRegistry;
use datafusion::execution::session_state::{SessionState, SessionStateBuilder};
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionConfig;
use datafusion_proto::protobuf::{LogicalPlanNode, PhysicalPlanNode};

/// How often an executor tells the scheduler it is alive, unless
/// `--heartbeat` says otherwise.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// How long the scheduler waits for a heartbeat before it takes an
/// executor as dead, unless `--executor-timeout` says otherwise.
pub const EXECUTOR_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a job whose executors are all gone stays on the scheduler
/// before the scheduler fails it, whatever its client waits for (a client
/// that went away leaves no job behind for longer than this).
const NO_EXECUTOR_GRACE: Duration = Duration::from_secs(600);

extensions_options! {
    /// uri-sql's settings that travel with a query from the client to the
    /// scheduler (as `urisql.*` session settings).
    pub struct UriSqlOptions {
        /// Partitions of a scan, from `run --threads`; 0 (the default):
        /// the task slots of the cluster's live executors.
        pub partitions: usize, default = 0
    }
}

impl ConfigExtension for UriSqlOptions {
    const PREFIX: &'static str = "urisql";
}

/// Whole seconds, at least `min` (Ballista counts its timeouts in seconds).
pub fn whole_seconds(d: Duration, min: u64) -> u64 {
    d.as_secs()
        .saturating_add(u64::from(d.subsec_nanos() > 0))
        .max(min)
}

/// A session state with DataFusion's default functions and urikit's: what
/// the scheduler plans with, and what `run --cluster` starts from.
pub fn state(config: SessionConfig) -> datafusion::error::Result<SessionState> {
    let mut state = SessionStateBuilder::new()
        .with_config(config)
        .with_default_features()
        .build();
    for udf in urikit_datafusion::udfs() {
        state.register_udf(udf)?;
    }
    // Spark's URL functions. Their ANSI mode is the session's setting: on
    // in every process's base config (Spark 4's default, see
    // urikit_datafusion::spark), and as the client sent it in a query's
    // settings (`--no-ansi`, `SET datafusion.execution.enable_ansi_mode`).
    for udf in urikit_datafusion::spark::udfs() {
        state.register_udf(udf)?;
    }
    Ok(state)
}

/// An executor's registry: Ballista's defaults (DataFusion's functions),
/// DataFusion's array and map functions, and urikit's, each under its name
/// and its aliases, the names a serialized plan may use.
///
/// Ballista's default registry leaves out the nested functions
/// (`cardinality`, `array_length`, `map_keys`, ...), which the scheduler
/// plans with (its state has DataFusion's default features): without them
/// an executor cannot prepare a task that counts `uri_lint`'s findings or
/// `uri_path_segments`' segments.
fn registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    let ours: HashMap<String, Arc<ScalarUDF>> = urikit_datafusion::udfs()
        .into_iter()
        .chain(urikit_datafusion::spark::udfs())
        .chain(datafusion::functions_nested::all_default_nested_functions())
        .flat_map(|u| {
            let mut names = vec![u.name().to_owned()];
            names.extend(u.aliases().iter().cloned());
            names.into_iter().map(move |n| (n, Arc::clone(&u)))
        })
        .collect();
    registry.scalar_functions.extend(ours);
    registry
}

/// Where a scheduler listens and how it treats its executors.
pub struct Scheduler {
    /// The gRPC service clients and executors talk to.
    pub bind: SocketAddr,
    /// The host name other machines reach it by (the bind host when `None`).
    pub advertise: Option<String>,
    /// Silence after which an executor is taken as dead.
    pub executor_timeout: Duration,
}

/// Runs a scheduler until the process ends. `on_bound` is told the
/// address actually bound, which differs from `bind` when its port is 0.
pub async fn scheduler(s: Scheduler, on_bound: impl FnOnce(SocketAddr)) -> Result<(), String> {
    // Bound here, not inside Ballista, so that port 0 works and the real
    // port is known before anything connects.
    let listener = tokio::net::TcpListener::bind(s.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", s.bind))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    let timeout = whole_seconds(s.executor_timeout, 2);
    // The task slots of the live executors, kept up to date below: what a
    // query is cut into unless its client asked for a number.
    let slots = Arc::new(AtomicUsize::new(0));
    let planned_slots = Arc::clone(&slots);
    let config = SchedulerConfig {
        bind_host: bound.ip().to_string(),
        bind_port: bound.port(),
        external_host: s.advertise.unwrap_or_else(|| bound.ip().to_string()),
        override_config_producer: Some(Arc::new(base_config)),
        override_session_builder: Some(Arc::new(move |config: SessionConfig| {
            let asked = config
                .options()
                .extensions
                .get::<UriSqlOptions>()
                .map_or(0, |o| o.partitions);
            let n = match asked {
                0 => planned_slots.load(Ordering::Relaxed).max(1),
                n => n,
            };
            state(config.with_target_partitions(n))
        })),
        executor_timeout_seconds: timeout,
        expire_dead_executor_interval_seconds: 1,
        no_executors_grace_period_seconds: NO_EXECUTOR_GRACE.as_secs(),
        // Tasks go to executors in turn, not to the first one's slots
        // until they are full: a small query uses every machine.
        task_distribution: TaskDistributionPolicy::RoundRobin,
        ..SchedulerConfig::default()
    };
    config.validate().map_err(|e| e.to_string())?;
    let config = Arc::new(config);
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(|e| e.to_string())?;
    let cluster_state = cluster.cluster_state();
    tokio::spawn(async move {
        loop {
            let n = live_slots(cluster_state.as_ref(), timeout).await;
            slots.store(n, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
    let server = create_scheduler::<LogicalPlanNode, PhysicalPlanNode>(cluster, config)
        .await
        .map_err(|e| e.to_string())?;
    on_bound(bound);
    start_grpc_service_with_listener(listener, server)
        .await
        .map_err(|e| e.to_string())
}

/// The session settings every process of a cluster starts from:
/// Ballista's, and uri-sql's own (so that a client's `urisql.*` settings
/// are understood, not warned about).
fn base_config() -> SessionConfig {
    ansi(SessionConfig::new_with_ballista().with_option_extension(UriSqlOptions::default()))
}

/// `config` in Spark 4's ANSI mode, the default of every process.
fn ansi(mut config: SessionConfig) -> SessionConfig {
    config.options_mut().execution.enable_ansi_mode = true;
    config
}

/// The task slots of the executors heard from within `timeout` seconds
/// (the scheduler's own test of an executor being alive).
async fn live_slots(state: &dyn ClusterState, timeout: u64) -> usize {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let alive: HashSet<String> = state
        .executor_heartbeats()
        .into_iter()
        .filter(|(_, h)| {
            let active = matches!(
                h.status.as_ref().and_then(|s| s.status.as_ref()),
                Some(executor_status::Status::Active(_))
            );
            active && h.timestamp + timeout > now
        })
        .map(|(id, _)| id)
        .collect();
    state
        .registered_executor_metadata()
        .await
        .into_iter()
        .filter(|m| alive.contains(&m.id))
        .map(|m| m.specification.vcores as usize)
        .sum()
}

/// Where an executor listens and what it offers.
pub struct Executor {
    /// The scheduler, `HOST:PORT`.
    pub scheduler: (String, u16),
    /// The Arrow Flight service (shuffle data, results).
    pub bind: SocketAddr,
    /// The gRPC service the scheduler talks to.
    pub grpc_port: u16,
    /// The host name other machines reach this executor by.
    pub advertise: Option<String>,
    /// Tasks run at once.
    pub slots: usize,
    /// Where shuffle files go (a fresh temporary folder when `None`).
    pub work_dir: Option<String>,
    /// How often it tells the scheduler it is alive.
    pub heartbeat: Duration,
}

/// Runs an executor until the process ends or the scheduler stops it.
pub async fn executor(e: Executor) -> Result<(), String> {
    let config = ExecutorProcessConfig {
        bind_host: e.bind.ip().to_string(),
        external_host: e.advertise,
        port: e.bind.port(),
        grpc_port: e.grpc_port,
        scheduler_host: e.scheduler.0,
        scheduler_port: e.scheduler.1,
        // Executors started beside their scheduler (by a script, or a
        // test) wait for it instead of failing at once.
        scheduler_connect_timeout_seconds: 30,
        vcores: e.slots,
        work_dir: e.work_dir,
        print_thread_info: false,
        executor_heartbeat_interval_seconds: whole_seconds(e.heartbeat, 1),
        override_config_producer: Some(Arc::new(base_config)),
        override_function_registry: Some(Arc::new(registry())),
        ..ExecutorProcessConfig::default()
    };
    start_executor_process(Arc::new(config))
        .await
        .map_err(|e| e.to_string())
}

/// A client session whose queries run on the scheduler at `url`
/// (`df://HOST:PORT`), with urikit's functions. `partitions` is what
/// `--threads` asked for; without it the scheduler cuts a query into as
/// many partitions as the cluster has task slots.
pub async fn client(
    url: &str,
    config: SessionConfig,
    partitions: Option<usize>,
) -> datafusion::error::Result<datafusion::prelude::SessionContext> {
    use ballista::prelude::SessionContextExt;
    let config = ansi(config.with_option_extension(UriSqlOptions {
        partitions: partitions.unwrap_or(0),
    }));
    let ctx = datafusion::prelude::SessionContext::remote_with_state(url, state(config)?)
        .await?
        .enable_url_table();
    // Ballista's upgrade of the state replaces the scalar functions with
    // its own list: register ours again, so the client can plan with them.
    urikit_datafusion::register(&ctx);
    urikit_datafusion::spark::register(&ctx);
    Ok(ctx)
}
