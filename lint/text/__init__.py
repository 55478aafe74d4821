"""What text rules read: documents (front ends), anchors, the spaCy pipeline, the lexicon, the
analysed summary, phrase matching and the history of generations."""
