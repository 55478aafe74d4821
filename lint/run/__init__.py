"""The one pass: discover files, read them, hand each to the pass of its kind, suppress, gather.

``kinds`` is the file-kind table every stage asks; ``engine`` dispatches a job to the text or
code pass; ``pool`` spreads jobs over processes and streams the sorted findings back.
"""
