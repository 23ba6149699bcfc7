import streamlit as st

st.title("differences")
st.info("Coming soon.")
