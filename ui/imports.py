"""The consultant's own copy of the code, in the sidebar: what is imported, a form to import more,
and what the form's Import and each Remove do."""

from __future__ import annotations

import tempfile
from pathlib import Path

import streamlit as st

from ui import session
from ui.actions import attempt
from ui.text import escape
from wizard_core import MAX_PDF_BYTES, ImportResult, ProjectState, Wizard

FILE_TYPES = ["txt", "md", "markdown", "pdf"]
IMPORT_SLOT = "import"
IMPORT_ROUND = "import-round"  # part of the uploader's key: a new round is a fresh, empty uploader


def draw(wizard: Wizard, state: ProjectState | None) -> None:
    session.show_flash(IMPORT_SLOT)
    names = wizard.imports()
    if not names:
        st.caption(
            "None imported: the advisor quotes the code notes that come with the wizard. Import your "
            "own copy of the code to have it quote the code's own words."
        )
    editions = {info.name: info.edition for info in wizard.import_list()}
    for name in names:
        # Label and button share a row while the sidebar is wide enough; the button wraps below
        # rather than being squeezed to "R…".
        with st.container(horizontal=True, vertical_alignment="center", key=f"import-{name}"):
            edition = editions.get(name)
            said = f" · {edition} edition" if edition else ""
            st.markdown(f"**{escape(name)}** · {_articles(wizard, name)}{escape(said)}", width="content")
            st.button(
                "Remove",
                key=f"remove-import-{name}",
                on_click=remove_code_text,
                args=(wizard, name),
                width="content",
            )
    for problem in wizard.import_problems:
        st.warning(escape(f"Not in use: {problem}"))
    # Drawn inside the sidebar's "Your code text" fold: the form shows as soon as that opens.
    st.markdown("**Import code text**")
    form(wizard, state)


def form(wizard: Wizard, state: ProjectState | None) -> None:
    """A .txt, .md or .pdf file, its edition and a name; nothing is written unless all of it imports."""
    editions = wizard.editions
    keys = [e.key for e in editions]
    default = state.code_edition if state is not None and state.code_edition in keys else "2024"
    file_key = f"import-file-{st.session_state.get(IMPORT_ROUND, 0)}"
    with st.form("import-form", border=False):
        st.file_uploader(
            "Code text (.txt, .md or .pdf)",
            type=FILE_TYPES,
            key=file_key,
            max_upload_size=MAX_PDF_BYTES // 2**20,
            help="Articles are found by their headings, such as '3.2.4.1. Title'.",
        )
        st.selectbox(
            "Edition",
            keys,
            index=keys.index(default) if default in keys else 0,
            format_func=lambda key: next(e.label for e in editions if e.key == key),
            key="import-edition",
        )
        st.text_input("Name (optional)", key="import-name", max_chars=60, placeholder="the file's name")
        st.form_submit_button("Import", type="primary", on_click=import_code, args=(wizard, file_key))


def _articles(wizard: Wizard, name: str) -> str:
    """How many of the import's articles the advisor draws on (a later import wins a shared id)."""
    count = wizard.imported_articles(name)
    return f"{count} article{'' if count == 1 else 's'}"


def import_code(wizard: Wizard, file_key: str) -> None:
    """Import the chosen file as the consultant's code text; the advisor uses it from the next turn."""
    upload = st.session_state.get(file_key)
    if upload is None:
        session.flash("warning", "Choose a .txt, .md or .pdf file to import first.", IMPORT_SLOT)
        return
    name = st.session_state.get("import-name", "").strip() or Path(upload.name).stem
    edition = st.session_state.get("import-edition", "2024")
    result = attempt(_import, wizard, upload.name, upload.getvalue(), edition, name, slot=IMPORT_SLOT)
    if result is None:
        return  # the file, edition and name stay as chosen, to try again
    st.session_state[IMPORT_ROUND] = st.session_state.get(IMPORT_ROUND, 0) + 1
    st.session_state["import-name"] = ""
    # The core's own words say whether it replaced an import or was kept beside one.
    session.flash("success", f"{result.describe()} The advisor uses it from your next message.", IMPORT_SLOT)


def _import(wizard: Wizard, filename: str, data: bytes, edition: str, name: str) -> ImportResult:
    """Write the upload under its own name (errors name the consultant's file), then import it."""
    with tempfile.TemporaryDirectory(prefix="wizard-import-") as folder:
        path = _upload_path(Path(folder), filename)
        path.write_bytes(data)
        return wizard.import_code(path, edition=edition, name=name)


def _upload_path(folder: Path, filename: str) -> Path:
    """A path in ``folder`` with the upload's name, cut to a safe length; never outside ``folder``."""
    base = Path(filename.replace("\\", "/")).name
    suffix = Path(base).suffix[:12]
    stem = base[: len(base) - len(suffix)] if suffix else base
    stem = stem.strip(". ")[:100] or "upload"
    return folder / f"{stem}{suffix}"


def remove_code_text(wizard: Wizard, name: str) -> None:
    removed = attempt(wizard.remove_import, name, slot=IMPORT_SLOT)
    if removed is None:
        return
    if removed:
        session.flash(
            "success", f"Removed the imported code text “{name}”; the advisor no longer uses it.", IMPORT_SLOT
        )
    else:
        session.flash("warning", f"The imported code text “{name}” was already removed.", IMPORT_SLOT)
