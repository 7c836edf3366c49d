//! Dynamo perft suite: engine-tests/perft/dynamo.epd (sources in the file).

use chimera::variants::dynamo::DynamoPosition;
use chimera::variants::VariantId;

#[test]
fn dynamo_perft_suite() {
    chimera_test_support::perft::run_perft_suite::<DynamoPosition>(
        VariantId::Dynamo,
        "engine-tests/perft/dynamo.epd",
        6_000_000,
    );
}
