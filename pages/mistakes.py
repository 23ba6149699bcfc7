import streamlit as st

st.title("mistakes")
st.info("Coming soon.")
