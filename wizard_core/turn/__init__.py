"""The turn wing: one consultant message, start to finish, and what it changes in a project.

``pipeline.py`` reads as the steps of one turn; each step is a module here named for its role.
The progress and review bookkeeping the turn uses is shared with the face's buttons (confirm,
undo, skip, go to an item), so a button and a typed command do the same thing.
"""
