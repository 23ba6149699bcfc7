"""Text to tokens: tokenizers, sentence splitting, length limits, stemming and stopwords, and the
notes on a pair's input.

Nothing is imported here, so importing one module loads only what it needs.
"""
