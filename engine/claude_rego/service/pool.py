"""Worker threads that own the (thread-bound) engines, with a deadline per request.

A request is a job on a shared queue; any idle worker takes it, so 8 sessions are served
by `size` warm workers in parallel and one slow decision holds up only its own worker.
The HTTP thread waits for the job until the deadline and otherwise answers from the
failure table. A worker still busy with a job past its deadline is "late": the pool
starts a replacement (up to `max_size` threads in all), so late jobs never shrink the
number of workers ready to serve; a late worker retires once it finishes if the pool
is above `size`.
"""

from __future__ import annotations

import queue
import threading


class Job:
    __slots__ = ("fn", "done", "result", "error", "abandoned", "started")

    def __init__(self, fn):
        self.fn = fn
        self.done = threading.Event()
        self.result = None
        self.error: BaseException | None = None
        self.abandoned = False
        self.started = False


class DeadlineExceeded(Exception):
    pass


class Pool:
    def __init__(self, make_state, size: int = 4, max_size: int | None = None, name: str = "claude-rego-worker"):
        self.make_state = make_state  # called IN each worker thread: builds its thread-bound state
        self.size = max(1, size)
        self.max_size = max(self.size, max_size or self.size * 2)
        self.name = name
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._late = 0
        self._stopping = False
        self.started_workers = 0
        self.ready_workers = 0
        self._ready = threading.Condition(self._lock)
        for _ in range(self.size):
            self._spawn()

    def _spawn(self) -> None:
        with self._lock:
            if self._threads >= self.max_size:
                return
            self._threads += 1
            self.started_workers += 1
            number = self.started_workers
        threading.Thread(target=self._run, name=f"{self.name}-{number}", daemon=True).start()

    def _run(self) -> None:
        try:
            state = self.make_state()
        except BaseException:  # noqa: BLE001 — a worker that cannot start serves nothing
            state = None
        with self._lock:
            self.ready_workers += 1
            self._ready.notify_all()
        while True:
            job = self._jobs.get()
            if job is None:
                break
            with self._lock:
                if job.abandoned:  # its deadline passed while it waited: nobody wants it
                    continue
                job.started = True
            try:
                if state is None:
                    raise RuntimeError("worker could not initialise its engine")
                job.result = job.fn(state)
            except BaseException as exc:  # noqa: BLE001 — regorus panics are BaseException
                job.error = exc
            with self._lock:
                job.done.set()
                late = job.abandoned
                if late:
                    self._late -= 1
                retire = late and self._threads > self.size
                if retire:
                    self._threads -= 1
            if retire or self._stopping:
                break

    def submit(self, fn, timeout: float):
        """Run fn(state) on a worker; its result, or raise its error / DeadlineExceeded."""
        job = Job(fn)
        self._jobs.put(job)
        if not job.done.wait(max(0.0, timeout)):
            with self._lock:
                if not job.done.is_set():
                    job.abandoned = True
                    if job.started:
                        self._late += 1
                    spawn = job.started and self._threads - self._late < self.size
                else:
                    spawn = False
            if spawn:
                self._spawn()
            if not job.done.is_set():
                raise DeadlineExceeded(f"no decision within {timeout:.3g} s")
        if job.error is not None:
            raise job.error
        return job.result

    def wait_ready(self, count: int = 1, timeout: float = 60.0) -> bool:
        """Block until `count` workers have built their state (warm engines)."""
        with self._lock:
            return self._ready.wait_for(lambda: self.ready_workers >= count, timeout)

    def stats(self) -> dict:
        with self._lock:
            return {"threads": self._threads, "late": self._late, "size": self.size, "max_size": self.max_size,
                    "started": self.started_workers, "ready": self.ready_workers}

    def stop(self) -> None:
        self._stopping = True
        with self._lock:
            count = self._threads
        for _ in range(count):
            self._jobs.put(None)
