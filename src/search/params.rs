//! The search's tunable numbers in one struct. The shipped values are
//! [`SearchParams::DEFAULT`]; a build with the `tune` cargo feature offers
//! every one as a UCI `spin` option (named as the field), so that SPSA can
//! tune them through `chimera match` or any tuner.

/// One parameter as a tuner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

impl ParamSpec {
    /// OpenBench's SPSA input line, `name, int, value, min, max, c_end,
    /// r_end` (its `spsa_utils.py`): the final perturbation a twentieth of
    /// the range (at least 1), the final learning rate 0.002, the values
    /// most engines start from.
    pub fn openbench_line(&self) -> String {
        let c_end = ((self.max - self.min) / 20).max(1);
        format!(
            "{}, int, {}, {}, {}, {c_end}, 0.002",
            self.name, self.default, self.min, self.max
        )
    }
}

macro_rules! search_params {
    ($($(#[doc = $doc:expr])* $name:ident: $default:expr, $min:expr, $max:expr;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl SearchParams {
            pub const DEFAULT: SearchParams = SearchParams { $($name: $default,)* };

            /// Every parameter with its range.
            pub const SPECS: &'static [ParamSpec] = &[
                $(ParamSpec { name: stringify!($name), default: $default, min: $min, max: $max },)*
            ];

            /// The parameter called `name` (as its field), if there is one.
            pub fn get_mut(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

search_params! {
    aspiration_start_depth: 5, 1, 10;
    aspiration_window: 30, 5, 200;
    rfp_max_depth: 7, 1, 12;
    rfp_margin: 90, 20, 300;
    /// Razoring: at most this depth, a node whose static evaluation lies
    /// `razor_margin` per ply below alpha asks quiescence whether anything
    /// saves it.
    razor_max_depth: 3, 0, 8;
    razor_margin: 250, 50, 800;
    nmp_min_depth: 3, 1, 8;
    nmp_base_reduction: 3, 1, 6;
    nmp_depth_divisor: 4, 2, 8;
    /// Each this many centipawns of static evaluation above beta reduce the
    /// null-move search by one more ply (at most 3).
    nmp_eval_divisor: 200, 50, 800;
    lmr_min_depth: 3, 1, 6;
    lmr_min_moves: 3, 1, 8;
    /// Late-move reduction = (base + ln(depth) * ln(move number) * 100 /
    /// divisor) / 100.
    lmr_base: 75, 0, 200;
    lmr_divisor: 225, 100, 500;
    /// History that earns one ply less reduction.
    lmr_history_divisor: 8192, 1024, 32768;
    iir_min_depth: 4, 2, 10;
    futility_max_depth: 8, 1, 12;
    futility_base: 80, 0, 300;
    futility_margin: 100, 30, 300;
    see_quiet_max_depth: 8, 1, 12;
    see_quiet_margin: 25, 5, 100;
    see_tactical_max_depth: 8, 1, 12;
    see_tactical_margin: 100, 20, 300;
    qs_futility_margin: 200, 50, 500;
    max_check_extensions: 16, 0, 64;
    /// Singular extensions: from this depth, the table's turn is searched
    /// one ply deeper when every other turn, searched to half the depth,
    /// stays below the table's score by `se_beta_margin` per ply (two
    /// plies deeper off the PV when by `se_double_margin` more).
    se_min_depth: 8, 4, 14;
    se_beta_margin: 2, 1, 8;
    se_double_margin: 20, 0, 100;
    /// A score drop of this many centipawns doubles the soft time limit.
    tm_score_drop_divisor: 200, 50, 1000;
    /// Iterations below this depth do not scale the soft limit.
    tm_min_depth: 4, 1, 10;
    /// The moves a clock is shared over when `go` names no `movestogo`.
    tm_moves_left: 25, 10, 60;
}

#[cfg(feature = "tune")]
static CURRENT: std::sync::RwLock<SearchParams> = std::sync::RwLock::new(SearchParams::DEFAULT);

/// The parameters the next search uses: the defaults, or in a `tune`
/// build what `setoption` made of them.
pub fn current() -> SearchParams {
    #[cfg(feature = "tune")]
    {
        *CURRENT.read().unwrap_or_else(|e| e.into_inner())
    }
    #[cfg(not(feature = "tune"))]
    {
        SearchParams::DEFAULT
    }
}

/// Sets a parameter for the searches to come (`tune` builds).
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Result<(), String> {
    let spec = SearchParams::SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option {name}"))?;
    if !(spec.min..=spec.max).contains(&value) {
        return Err(format!(
            "option {} must be an integer from {} to {}",
            spec.name, spec.min, spec.max
        ));
    }
    let mut params = CURRENT.write().unwrap_or_else(|e| e.into_inner());
    if let Some(field) = params.get_mut(spec.name) {
        *field = value;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_every_name_is_a_field() {
        let mut params = SearchParams::DEFAULT;
        for spec in SearchParams::SPECS {
            assert!(
                spec.min <= spec.default && spec.default <= spec.max,
                "{spec:?}"
            );
            assert_eq!(params.get_mut(spec.name).map(|v| *v), Some(spec.default));
        }
        assert!(params.get_mut("no_such_param").is_none());
    }

    /// docs/openbench.md lists the parameters in OpenBench's SPSA format,
    /// exactly as the code has them.
    #[test]
    fn the_documented_spsa_list_is_the_parameters() {
        let docs = include_str!("../../docs/openbench.md");
        let start = docs.find("```spsa\n").expect("an ```spsa block") + "```spsa\n".len();
        let block = &docs[start..start + docs[start..].find("```").unwrap()];
        let expected: String = SearchParams::SPECS
            .iter()
            .map(|s| s.openbench_line() + "\n")
            .collect();
        assert_eq!(block, expected);
        assert_eq!(
            SearchParams::SPECS[1].openbench_line(),
            "aspiration_window, int, 30, 5, 200, 9, 0.002"
        );
    }
}
