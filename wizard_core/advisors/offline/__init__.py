"""The offline advisor: deterministic and rule-based, no network."""
