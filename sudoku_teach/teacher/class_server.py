"""The class server's kernel manager: when a page's kernel is shut down, memory goes back.

`make play` serves every page with a kernel of its own; app/voila.json names this class as
Voila's kernel manager. It is jupyter_server's own, plus one step: after a kernel is shut
down, the server collects its garbage and asks the C library to hand freed memory back to
the system (glibc's `malloc_trim`), so that the server's size follows the class instead of
staying at its largest. Elsewhere (no glibc) the second step does nothing.
"""

from __future__ import annotations

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
    """jupyter_server's kernel manager, giving memory back after each kernel it shuts down."""

    # jupyter_client's stubs give the async manager its sync parent's signature.
    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        give_back_memory()
