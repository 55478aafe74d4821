"""What code rules read: the LibCST front end, the prefilter built from the rules' triggers, the
module index, name sets, the taint flow, provenance lists and resolver analysis."""
