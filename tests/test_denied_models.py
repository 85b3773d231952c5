"""``match_denied_models``: the TypeScript SDK 0.3.330's answers on 116 cases (``tests/data/settings/
denied_models_ts.json``, made by running its ``matchDeniedModels`` under node), readable examples, and
that nothing raises."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, strategies as st

from trio_claude import DeniedModelsMatch, match_denied_models

DATA = Path(__file__).parent / "data" / "settings" / "denied_models_ts.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_agrees_with_the_typescript_sdk(case: dict[str, Any]) -> None:
    answer = match_denied_models(case["models"], case["denied_models"])
    assert {"denied": list(answer.denied), "warnings": list(answer.warnings)} == case["expected"]


def test_a_family_a_version_and_an_exact_name() -> None:
    models = [
        "claude-opus-5-5",
        "claude-opus-5-5-20260101",
        "claude-sonnet-4-5",
        "my-model",
        "claude-haiku-4-5",
    ]
    assert match_denied_models(models, ["opus"]).denied == (True, True, False, False, False)
    assert match_denied_models(models, ["claude-sonnet-4-5"]).denied == (False, False, True, False, False)
    assert match_denied_models(models, ["my-model"]) == DeniedModelsMatch(
        denied=(False, False, False, True, False),
        warnings=(
            '"my-model" blocks only the exact model name "my-model"; other spellings of the same model '
            "are not blocked.",
        ),
    )


def test_an_alias_is_ignored_with_a_warning_and_a_context_tag_does_not_narrow() -> None:
    answer = match_denied_models(["claude-sonnet-4-5"], ["best", "default"])
    assert answer.denied == (False,)
    assert len(answer.warnings) == 2 and all("was ignored" in warning for warning in answer.warnings)
    tagged = match_denied_models(["claude-sonnet-4-5"], ["sonnet[1m]"])
    assert tagged.denied == (True,) and "every context size" in tagged.warnings[0]


def test_bad_input_is_noted_not_raised() -> None:
    assert match_denied_models("claude-opus-5", ["opus"]).denied == ()
    not_a_list = match_denied_models(["claude-opus-5"], "opus")
    assert not_a_list.denied == (False,) and "not a list" in not_a_list.warnings[0]
    assert match_denied_models(["claude-opus-5"], None) == DeniedModelsMatch(denied=(False,), warnings=())


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
_NAMES = st.sampled_from(["opus", "claude-opus-5-5", "opus 5", "sonet", "default", "[1m]", "x.y"]) | st.text()


@given(
    models=st.lists(_NAMES | _JSON, max_size=5) | _JSON, denied=st.lists(_NAMES | _JSON, max_size=5) | _JSON
)
def test_nothing_raises_and_each_model_gets_an_answer(models: Any, denied: Any) -> None:
    answer = match_denied_models(models, denied)
    asked: object = models
    assert len(answer.denied) == (len(cast("list[object]", asked)) if isinstance(asked, list) else 0)
    assert all(isinstance(warning, str) for warning in answer.warnings)
    assert len(set(answer.warnings)) == len(answer.warnings)
