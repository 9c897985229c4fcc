"""The class server's kernel manager: idle kernels go together, and their memory goes back.

`make play` serves every page with a kernel of its own; app/voila.json names this class as
Voila's kernel manager. It is jupyter_server's own, with two changes. Its culler looks at
every kernel at once: jupyter_server's looks at one after the other, waiting for each idle
kernel to end before the next, so the kernels of a class that left together went one by one
(33 took 50 s on a busy server, past the limits the guide gives). And after a kernel is shut
down, the server collects its garbage and asks the C library to hand freed memory back to
the system (glibc's `malloc_trim`), so that the server's size follows the class instead of
staying at its largest. Elsewhere (no glibc) that step does nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


def give_back_memory() -> bool:
    """Free unreachable objects and return freed heap to the system; False without glibc."""
    gc.collect()
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim = libc.malloc_trim if libc else None
    except (OSError, AttributeError):
        return False
    return bool(trim and trim(0) is not None)


class TrimmingKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, culling idle kernels together and giving memory back
    after each kernel it shuts down."""

    async def cull_kernels(self) -> None:
        """Shut down every idle kernel at once (a failure is logged; the others go on)."""
        ids = list(self._kernels)
        found = await asyncio.gather(*(self.cull_kernel_if_idle(kernel) for kernel in ids),
                                     return_exceptions=True)  # fmt: skip
        for kernel, result in zip(ids, found):
            if isinstance(result, Exception):
                self.log.error("Culling kernel %s failed: %s", kernel, result)

    # jupyter_client's stubs give the async manager its sync parent's signature.
    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        give_back_memory()
