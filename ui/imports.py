"""The consultant's own copy of the code, in the sidebar: what is imported, and a form to import more."""

from __future__ import annotations

import streamlit as st

from ui import actions, session
from ui.text import escape
from wizard_core import MAX_PDF_BYTES, ProjectState, Wizard

FILE_TYPES = ["txt", "md", "markdown", "pdf"]


def draw(wizard: Wizard, state: ProjectState | None) -> None:
    session.show_flash(actions.IMPORT_SLOT)
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
                on_click=actions.remove_code_text,
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
    file_key = f"import-file-{st.session_state.get(actions.IMPORT_ROUND, 0)}"
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
        st.form_submit_button("Import", type="primary", on_click=actions.import_code, args=(wizard, file_key))


def _articles(wizard: Wizard, name: str) -> str:
    """How many of the import's articles the advisor draws on (a later import wins a shared id)."""
    count = wizard.imported_articles(name)
    return f"{count} article{'' if count == 1 else 's'}"
