// Rebuild when a migration changes: `sqlx::migrate!` embeds the SQL at compile time.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
