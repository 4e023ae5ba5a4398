//! `conference backup PATH`: a consistent copy of the running site's SQLite database.

use std::process::{Command, Output};

use conference::orders::OrderStatus;
use conference::store::Store;

use crate::helpers::{Db, TestOptions, spawn_app};

fn backup(database_url: &str, path: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_conference"))
        .arg("backup")
        .arg(path)
        .env_clear()
        .env("DATABASE_URL", database_url)
        .env(
            "CONFERENCE_FILE",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"),
        )
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn a_backup_of_the_running_site_holds_its_orders_and_never_overwrites_a_file() {
    let app = spawn_app(Db::Sqlite, TestOptions::default()).await.unwrap();
    let paid = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
    let copies = tempfile::tempdir().unwrap();
    let path = copies.path().join("conference-backup.db");

    let output = backup(&app.database_url(), &path);

    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let copy = Store::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    let order = copy.order(&paid).await.unwrap().expect("the paid order is in the copy");
    assert_eq!(order.status, OrderStatus::Paid);
    assert_eq!(
        copy.stock_remaining().await.unwrap(),
        app.store.stock_remaining().await.unwrap()
    );
    copy.close().await;

    let again = backup(&app.database_url(), &path);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
}

#[tokio::test]
async fn postgres_is_pointed_to_pg_dump() {
    let output = backup(
        "postgres://postgres@127.0.0.1:5432/test",
        std::path::Path::new("unused.db"),
    );

    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("pg_dump"));
}
