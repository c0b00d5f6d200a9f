//! Compiles the uriparser shim when the `uriparser` feature is on.

fn main() {
    #[cfg(feature = "uriparser")]
    {
        println!("cargo:rerun-if-changed=shim/uriparser_shim.c");
        cc::Build::new()
            .file("shim/uriparser_shim.c")
            .warnings(true)
            .compile("urikit_uriparser_shim");
        println!("cargo:rustc-link-lib=uriparser");
    }
}
