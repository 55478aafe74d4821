"""Queue worker that compacts agent sessions in the background."""
from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger("worker.compaction")


class Queue(Protocol):
    def pop(self, timeout: float) -> dict[str, Any] | None: ...
    def ack(self, job_id: str) -> None: ...


class SummaryLLM(Protocol):
    def condense(self, items: Any, max_tokens: int) -> Any: ...


@dataclass(frozen=True)
class ExcerptPointer:
    doc_id: str
    start: int
    end: int
    sha256: str


class CompactionWorker:
    def __init__(self, queue: Queue, llm: SummaryLLM, store: dict[str, str]):
        self.queue = queue
        self.llm = llm
        self.store = store
        self.done = 0

    def verify_excerpt(self, ptr: ExcerptPointer, source: str) -> bool:
        piece = source[ptr.start:ptr.end].encode("utf-8")
        return hashlib.sha256(piece).hexdigest() == ptr.sha256

    def handle(self, job: dict[str, Any]) -> dict[str, Any]:
        hits = job.get("retrieved", [])
        docs = sorted({h["doc_id"] for h in hits})
        log.info("job %s: %d hits from %s", job["id"], len(hits), ", ".join(docs) or "-")
        result = self.llm.condense(hits, max_tokens=job.get("max_tokens", 300))
        body = result.text
        checks = {}
        for raw_ptr in job.get("pointers", []):
            ptr = ExcerptPointer(**raw_ptr)
            checks[f"{ptr.doc_id}#char={ptr.start},{ptr.end}"] = self.verify_excerpt(ptr, source=body)
        return {"id": job["id"], "summary": body, "checks": checks, "docs": docs}

    def run(self, idle_timeout: float = 5.0, max_jobs: int | None = None) -> int:
        while max_jobs is None or self.done < max_jobs:
            job = self.queue.pop(timeout=idle_timeout)
            if job is None:
                break
            started = time.monotonic()
            try:
                out = self.handle(job)
            except Exception:
                log.exception("job %s failed", job.get("id"))
                continue
            self.queue.ack(job["id"])
            self.done += 1
            failed = [k for k, ok in out["checks"].items() if not ok]
            if failed:
                log.warning("job %s: %d pointers failed verification", job["id"], len(failed))
            log.info("job %s done in %.2fs", job["id"], time.monotonic() - started)
        return self.done

    def audit_store(self, ptrs: list[ExcerptPointer]) -> list[str]:
        bad = []
        for p in ptrs:
            source = self.store.get(p.doc_id)
            if source is None or not self.verify_excerpt(p, source=source):
                bad.append(p.doc_id)
        return bad


if __name__ == "__main__":
    from worker.runtime import connect_queue, connect_llm, load_store

    worker = CompactionWorker(connect_queue(), connect_llm(), load_store())
    print(f"{worker.run(max_jobs=100)} jobs compacted")
