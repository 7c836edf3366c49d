//! Search parameters in one place, so tuning touches one struct.

pub struct SearchParams {
    pub aspiration_start_depth: i32,
    pub aspiration_window: i32,
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,
    pub nmp_min_depth: i32,
    pub nmp_base_reduction: i32,
    pub nmp_depth_divisor: i32,
    pub lmr_min_depth: i32,
    pub lmr_min_moves: usize,
    /// LMR reduction = base + ln(depth) * ln(move number) / divisor (x100).
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    pub lmp_max_depth: i32,
    pub futility_max_depth: i32,
    pub futility_margin: i32,
    pub max_check_extensions: usize,
}

pub const PARAMS: SearchParams = SearchParams {
    aspiration_start_depth: 5,
    aspiration_window: 30,
    rfp_max_depth: 7,
    rfp_margin: 90,
    nmp_min_depth: 3,
    nmp_base_reduction: 3,
    nmp_depth_divisor: 4,
    lmr_min_depth: 3,
    lmr_min_moves: 3,
    lmr_base: 0.75,
    lmr_divisor: 2.25,
    lmp_max_depth: 5,
    futility_max_depth: 6,
    futility_margin: 110,
    max_check_extensions: 16,
};
