//! What calls read from the address: query strings and path segments whose
//! rejections answer in our error format, as `ApiJson` does for bodies, and page numbers.
//! Both refuse a NUL character (`%00`): PostgreSQL text cannot hold one, so no id or
//! stored text contains it, and searching for one would fail in the database.

use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// `Query<T>` answering a malformed query string (`page=two`) with a 400 in our format.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.uri.query().is_some_and(has_nul) {
            return Err(ApiError::BadRequest(
                "The query string cannot contain a NUL character.".into(),
            ));
        }
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(Self(value)),
            Err(rejection) => {
                // serde's text names the parameter and what was expected, never our internals.
                let detail =
                    std::error::Error::source(&rejection).map_or_else(|| rejection.body_text(), ToString::to_string);
                Err(ApiError::BadRequest(format!(
                    "The query string is not valid: {detail}."
                )))
            }
        }
    }
}

/// `Path<T>` answering a segment that cannot be read (`%FF` is not UTF-8, or a NUL) as
/// the router answers an unknown path: a 404 in our format.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiPath<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let unknown = || ApiError::NotFound("There is no such API endpoint.".into());
        if has_nul(parts.uri.path()) {
            return Err(unknown());
        }
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(Self(value)),
            Err(_) => Err(unknown()),
        }
    }
}

/// Whether a part of the address, still percent-encoded, decodes to a NUL somewhere.
fn has_nul(encoded: &str) -> bool {
    encoded.contains("%00")
}

/// The page a listing shows: the first unless asked, and never so far on that its
/// offset (`(page - 1) * page_size`) would overflow; such a page is empty anyway.
pub fn page_number(requested: Option<i64>, page_size: i64) -> i64 {
    requested.unwrap_or(1).clamp(1, i64::MAX / page_size)
}

#[cfg(test)]
mod tests {
    use super::page_number;

    #[test]
    fn any_page_number_gives_a_page_whose_offset_fits() {
        for requested in [None, Some(i64::MIN), Some(0), Some(1), Some(7), Some(i64::MAX)] {
            let page = page_number(requested, 25);
            assert!(page >= 1);
            assert!((page - 1).checked_mul(25).is_some(), "{requested:?}");
        }
        assert_eq!(page_number(Some(7), 25), 7);
    }
}
