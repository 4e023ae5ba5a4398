//! An order's private link ("Manage your tickets", or the sponsor's page): its secret is kept
//! as a digest on the order, and a new one retires the old.

use super::Tx;
use super::now_millis;
use super::outbox::{EmailKind, queue_email_with_link};
use crate::secrets;

/// Makes `token` the secret of the order's "Manage your tickets" link; an earlier link stops working.
pub(super) async fn set_manage_token(tx: &mut Tx, order_id: &str, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET manage_token_hash = $2, manage_token = NULL WHERE id = $1")
        .bind(order_id)
        .bind(secrets::digest(token))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Gives the order's private link ("Manage your tickets", or the sponsor's page) a new
/// secret and queues the receipt that carries it; the earlier links stop working (they are
/// known only to their emails and pages), and so does the payment's client secret as the
/// buyer's proof (it is in the confirmation page's address, as in the browser's history).
/// Answers the new secret.
pub(super) async fn renew_manage_link(
    tx: &mut Tx,
    order_id: &str,
    buyer_email: &str,
    dedupe_key: &str,
) -> Result<String, sqlx::Error> {
    let token = secrets::random_token();
    set_manage_token(tx, order_id, &token).await?;
    sqlx::query(
        "UPDATE orders SET page_token_hash = 'revoked', client_secret_retired_at = COALESCE(client_secret_retired_at, $2)
         WHERE id = $1",
    )
    .bind(order_id)
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    queue_email_with_link(
        tx,
        EmailKind::OrderConfirmation,
        dedupe_key,
        order_id,
        buyer_email,
        Some(&token),
    )
    .await?;
    Ok(token)
}
