"""The Streamlit page's view helpers; only this package and streamlit_app.py import Streamlit."""
