"""Thin async client for the summarisation endpoint, with retries."""
from __future__ import annotations

import asyncio
import hashlib
import logging
import random
from dataclasses import dataclass

import httpx

log = logging.getLogger(__name__)


class SummaryUnavailable(RuntimeError):
    pass


@dataclass(frozen=True)
class SummaryResult:
    text: str
    model: str
    input_sha256: str
    prompt_tokens: int
    completion_tokens: int

    @property
    def ratio(self) -> float:
        return self.completion_tokens / max(self.prompt_tokens, 1)


@dataclass(frozen=True)
class Summary:
    thread_id: str
    text: str
    source_sha256: str


class SummaryClient:
    def __init__(self, base_url: str, model: str = "small-summarizer", timeout: float = 30.0):
        self._http = httpx.AsyncClient(base_url=base_url, timeout=timeout)
        self.model = model

    async def summarize(self, text: str, *, max_tokens: int = 512) -> SummaryResult:
        payload = {"model": self.model, "input": text, "max_tokens": max_tokens}
        resp = await self._http.post("/v1/summaries", json=payload)
        resp.raise_for_status()
        body = resp.json()
        return SummaryResult(
            text=body["summary"],
            model=body.get("model", self.model),
            input_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
            prompt_tokens=body["usage"]["prompt_tokens"],
            completion_tokens=body["usage"]["completion_tokens"],
        )

    async def aclose(self) -> None:
        await self._http.aclose()


async def summarize_with_retry(client: SummaryClient, text: str, attempts: int = 3,
                               budget_chars: int = 4000) -> SummaryResult:
    last_exc: Exception | None = None
    for attempt in range(attempts):
        try:
            result = await client.summarize(text)
        except httpx.HTTPError as exc:
            last_exc = exc
            await asyncio.sleep(0.5 * 2 ** attempt + random.random() / 10)
            continue
        if len(result.text) > budget_chars:
            log.info("attempt %d over budget (%d chars), asking again", attempt, len(result.text))
            continue
        return result
    raise SummaryUnavailable(f"no usable summary after {attempts} attempts") from last_exc


async def summarize_threads(client: SummaryClient, threads: dict[str, str]) -> list[Summary]:
    async def one(thread_id: str, text: str) -> Summary:
        result = await summarize_with_retry(client, text)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if result.input_sha256 != digest:
            raise SummaryUnavailable(f"{thread_id}: server summarised different input")
        return Summary(thread_id=thread_id, text=result.text, source_sha256=digest)

    return await asyncio.gather(*(one(t, x) for t, x in threads.items()))


if __name__ == "__main__":
    import sys

    async def main() -> None:
        client = SummaryClient(sys.argv[1])
        try:
            text = sys.stdin.read()
            result = await summarize_with_retry(client, text)
            print(result.text)
            print(f"-- {result.model}, ratio {result.ratio:.2f}", file=sys.stderr)
        finally:
            await client.aclose()

    asyncio.run(main())
