import streamlit as st

st.title("learn")
st.info("Coming soon.")
