"""The notebooks run, top to bottom, in a fresh python3 kernel: they cannot rot.

Each is executed with nbclient from `notebooks/` (their paths are relative to it), with a time
limit per cell. They are committed with outputs cleared, so reviews see code and text only; the
numbers their text reports are computed by the cells, and the cells assert the seed's
conclusions, so a change in the engine or in the recorded traces that breaks the story fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAMES = ["01_seed_cases.ipynb", "02_threshold_sweep.ipynb", "03_fleet_outage.ipynb"]
CELL_TIMEOUT = 600  # seconds per cell: a hang guard, not a speed target (none is asserted)


def test_every_notebook_is_tested() -> None:
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_saved_without_outputs(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= (5 if name.startswith("01") else 1)
    texts = "".join(o["data"].get("text/markdown", "") for o in outputs if "data" in o)
    assert "{" not in texts, "a placeholder was not filled in"  # f-strings did their job
