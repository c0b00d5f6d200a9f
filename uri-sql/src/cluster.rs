//! The cluster: Ballista's scheduler and executor processes with urikit's
//! functions registered, and the client side of `run --cluster`.
//!
//! A query sent to a cluster travels as a logical plan to the scheduler,
//! which plans it with [`state`] (so it knows the `uri_*` functions), cuts
//! the physical plan into stages and sends them to executors, which decode
//! the functions a plan names through [`registry`]. Every process of a
//! cluster must therefore be a `uri-sql` of the same version.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use ballista_core::registry::BallistaFunctionRegistry;
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::{create_scheduler, start_grpc_service_with_listener};
use datafusion::execution::FunctionRegistry;
use datafusion::execution::session_state::{SessionState, SessionStateBuilder};
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionConfig;
use datafusion_proto::protobuf::{LogicalPlanNode, PhysicalPlanNode};

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
    // Spark's URL functions, in Spark 4's ANSI mode (see
    // urikit_datafusion::spark).
    for udf in urikit_datafusion::spark::udfs() {
        state.register_udf(udf)?;
    }
    state.config_mut().options_mut().execution.enable_ansi_mode = true;
    Ok(state)
}

/// An executor's registry: Ballista's defaults (DataFusion's functions)
/// and urikit's, each under its name and its aliases, the names a
/// serialized plan may use.
fn registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    let ours: HashMap<String, Arc<ScalarUDF>> = urikit_datafusion::udfs()
        .into_iter()
        .chain(urikit_datafusion::spark::udfs())
        .flat_map(|u| {
            let mut names = vec![u.name().to_owned()];
            names.extend(u.aliases().iter().cloned());
            names.into_iter().map(move |n| (n, Arc::clone(&u)))
        })
        .collect();
    registry.scalar_functions.extend(ours);
    registry
}

/// Runs a scheduler on `bind` until the process ends. `advertise` is the
/// host name other machines reach it by (the bind host when `None`).
/// `on_bound` is told the address actually bound, which differs from
/// `bind` when its port is 0.
pub async fn scheduler(
    bind: SocketAddr,
    advertise: Option<String>,
    on_bound: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    // Bound here, not inside Ballista, so that port 0 works and the real
    // port is known before anything connects.
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    let config = SchedulerConfig {
        bind_host: bound.ip().to_string(),
        bind_port: bound.port(),
        external_host: advertise.unwrap_or_else(|| bound.ip().to_string()),
        override_session_builder: Some(Arc::new(state)),
        ..SchedulerConfig::default()
    };
    config.validate().map_err(|e| e.to_string())?;
    let config = Arc::new(config);
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(|e| e.to_string())?;
    let server = create_scheduler::<LogicalPlanNode, PhysicalPlanNode>(cluster, config)
        .await
        .map_err(|e| e.to_string())?;
    on_bound(bound);
    start_grpc_service_with_listener(listener, server)
        .await
        .map_err(|e| e.to_string())
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
        override_function_registry: Some(Arc::new(registry())),
        ..ExecutorProcessConfig::default()
    };
    start_executor_process(Arc::new(config))
        .await
        .map_err(|e| e.to_string())
}

/// A client session whose queries run on the scheduler at `url`
/// (`df://HOST:PORT`), with urikit's functions.
pub async fn client(
    url: &str,
    config: SessionConfig,
) -> datafusion::error::Result<datafusion::prelude::SessionContext> {
    use ballista::prelude::SessionContextExt;
    let ctx = datafusion::prelude::SessionContext::remote_with_state(url, state(config)?)
        .await?
        .enable_url_table();
    // Ballista's upgrade of the state replaces the scalar functions with
    // its own list: register ours again, so the client can plan with them.
    urikit_datafusion::register(&ctx);
    urikit_datafusion::spark::register(&ctx);
    Ok(ctx)
}
