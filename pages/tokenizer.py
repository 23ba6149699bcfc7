import streamlit as st

st.title("tokenizer")
st.info("Coming soon.")
