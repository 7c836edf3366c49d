//! Dynamo perft suite: engine-tests/perft/dynamo.epd (sources in the file).

mod common;

use chimera::variants::dynamo::DynamoPosition;

#[test]
fn dynamo_perft_suite() {
    common::run_perft_suite::<DynamoPosition>("dynamo", "engine-tests/perft/dynamo.epd", 6_000_000);
}
