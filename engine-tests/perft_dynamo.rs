//! Dynamo perft suite: engine-tests/perft/dynamo.epd (sources in the file).

mod common;

use chimera::variants::dynamo::DynamoPosition;
use chimera::variants::VariantId;

#[test]
fn dynamo_perft_suite() {
    common::run_perft_suite::<DynamoPosition>(
        VariantId::Dynamo,
        "engine-tests/perft/dynamo.epd",
        6_000_000,
    );
}
