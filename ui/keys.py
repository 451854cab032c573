"""Keyboard use and the chat's view: shortcuts for confirm, undo and skip, "/" to the chat box, the
chat box focused after each run when nothing else holds the focus, and the newest reply scrolled
into view.

Streamlit gives widgets no access keys, so a small script does it: one listener for the page's
life, and a focus step that runs again after every script run.
"""

from __future__ import annotations

import json

import streamlit as st

from ui.review import KEYS

# Each shortcut clicks the first enabled button found, in this order: the card's own before the
# last answer's.
TARGETS = {
    "KeyC": [".st-key-card-actions [class*='st-key-confirm-'] button", ".st-key-confirm-last button"],
    "KeyU": [".st-key-undo-last button"],
    "KeyS": [".st-key-card-actions [class*='st-key-skip-'] button"],
}
RUNS = "key-script-runs"
KEEP_SCROLL = "key-script-keep-scroll"

_SCRIPT = """
<script>
(() => {
  const targets = %(targets)s;
  const chatBox = () => document.querySelector('[data-testid="stChatInputTextArea"]');
  const nowhere = () => !document.activeElement || document.activeElement === document.body;
  const typing = (el) => el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT" || el.isContentEditable);
  if (!window.__wizardKeys) {
    window.__wizardKeys = true;
    document.addEventListener("keydown", (event) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && targets[event.code]) {
        for (const selector of targets[event.code]) {
          const button = document.querySelector(selector);
          if (button && !button.disabled) {
            event.preventDefault();
            button.click();
            return;
          }
        }
      } else if (event.key === "Tab" && !event.shiftKey && nowhere()) {
        // The first Tab from the top of the page goes to the chat box, not through the sidebar.
        const box = chatBox();
        if (box && !box.disabled) {
          event.preventDefault();
          box.focus();
        }
      } else if (event.key === "/" && !typing(event.target)) {
        const box = chatBox();
        if (box && !box.disabled) {
          event.preventDefault();
          box.focus();
        }
      }
    });
  }
  // Run %(run)d: give the chat box the focus unless the consultant has put it somewhere.
  const settle = (tries) => {
    const box = chatBox();
    if (box && !box.disabled && nowhere()) box.focus();
    else if (!box && tries > 0) setTimeout(() => settle(tries - 1), 200);
  };
  settle(10);
  // The newest reply in view: its foot at the chat box's foot when it fits, else its top at the top.
  // Done for a moment after each run (the reply's parts draw in over several frames), never later,
  // so a consultant who scrolls back to read stays where they are; not at all after a run that
  // opened the chat's fold of earlier turns, which the consultant scrolled up to.
  const pin = () => {
    const chat = document.querySelector(".st-key-chat");
    if (!chat) return;
    let box = chat;
    while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
    const messages = chat.querySelectorAll('[data-testid="stChatMessage"]');
    if (!box || !messages.length) return;
    const reply = messages[messages.length - 1].getBoundingClientRect();
    const origin = box.getBoundingClientRect().top - box.scrollTop;
    const top = reply.top - origin, bottom = reply.bottom - origin, pad = 12;
    box.scrollTop = bottom - top <= box.clientHeight - pad ? bottom - box.clientHeight + pad : top - pad;
  };
  const until = Date.now() + 2000;
  const again = () => { pin(); if (Date.now() < until) setTimeout(again, 100); };
  if (%(pin)s) again();
})();
</script>
"""


def install() -> None:
    """The shortcuts and the focus step; drawn once per run (a new run number makes it run again)."""
    run = st.session_state.get(RUNS, 0) + 1
    st.session_state[RUNS] = run
    pin = "false" if st.session_state.pop(KEEP_SCROLL, False) else "true"
    st.html(_SCRIPT % {"targets": json.dumps(TARGETS), "run": run, "pin": pin}, unsafe_allow_javascript=True)


def keep_scroll() -> None:
    """Leave the chat box where the consultant scrolled it on the next run (they opened a fold in it)."""
    st.session_state[KEEP_SCROLL] = True


def hint() -> str:
    """The shortcuts as the page shows them under the chat box."""
    return (
        f"Keys: {KEYS['chat']} to type · {KEYS['confirm']} confirm · {KEYS['undo']} undo · "
        f"{KEYS['skip']} skip"
    )
