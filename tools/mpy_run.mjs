#!/usr/bin/env node
// The MicroPython lane: run firmware code under the real MicroPython VM
// (npm @micropython/micropython-webassembly-pyscript, pinned in package.json).
//
// stdin:  {"files": {"aliencity/engine.py": "<source>", "x.mpy": {"b64": "..."}, ...},
//          "script": "<python source>",
//          "heapsize": <bytes, default 133120 = 130 KB, the board's free heap>,
//          "pystack": <bytes of Python stack, default 1536 = CircuitPython's>,
//          "fixed_heap": <bool, default true>}
// Files land at the VM's "/" (like the CIRCUITPY drive) and "/" is on
// sys.path, so `import aliencity.engine` works. The script runs as __main__.
// stdout/stderr of the Python code go to this process's stdout/stderr.
// `import lane; lane.ticks_us()` is a microsecond clock for timing code
// (wraps at 2**30 like time.ticks_us; use time.ticks_diff on it).
// Exit: 0 ok, 1 the script raised (traceback on stderr) or the VM trapped,
// 2 the lane itself failed (bad request, npm package missing).
//
// Two facts about this VM build shape what "heapsize" means here:
// - Its GC heap grows on demand (MICROPY_GC_SPLIT_HEAP_AUTO), so on its own
//   heapsize is only the first heap area. With fixed_heap (the default) we
//   stop the heap from growing, so a too-big program gets MemoryError as on
//   the board.
// - It only collects garbage when control is back in JavaScript (it cannot
//   scan the wasm stack for roots). So inside one run garbage piles up
//   until the script yields: a top-level `gc.collect(); await
//   asyncio.sleep(0)` is a GC point (the script runs with top-level await
//   allowed).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PKG = path.join(REPO, "node_modules", "@micropython",
  "micropython-webassembly-pyscript", "micropython.mjs");

function laneFail(msg) {
  process.stderr.write(`mpy_run: ${msg}\n`);
  process.exit(2);
}

// Bytes from the VM, flushed per line so a hung run still shows its output.
function makeSink(stream) {
  let buf = [];
  return {
    put(bytes) {
      for (const b of bytes) {
        buf.push(b);
        if (b === 10 || buf.length >= 4096) this.flush();
      }
    },
    flush() {
      if (buf.length) { stream.write(Buffer.from(buf)); buf = []; }
    },
  };
}

// Growth of wasm memory goes through the emscripten_resize_heap import;
// loadMicroPython gives no hook for it, so wrap it at instantiation time.
let growthAllowed = true;
let growthHooked = false;
const realInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = function (source, imports, ...rest) {
  const env = imports && imports.env;
  if (env && typeof env.emscripten_resize_heap === "function") {
    const realResize = env.emscripten_resize_heap;
    env.emscripten_resize_heap = (size) => (growthAllowed ? realResize(size) : 0);
    growthHooked = true;
  }
  return realInstantiate.call(this, source, imports, ...rest);
};

// Pin the GC heap at its current size: forbid wasm memory growth, then take
// all free C memory so no new GC heap area can be malloc'd. A few small
// chunks, fenced apart so they cannot merge, stay free for the runtime's own
// small mallocs (call buffers, exception text); each is smaller than any
// area the GC would ask for (at least the current heap size).
function pinHeap(Module, heapsize) {
  if (!growthHooked) laneFail("could not hook wasm memory growth; fixed_heap unsupported");
  growthAllowed = false;
  const chunk = Math.max(256, Math.min(8192, heapsize >> 2));
  const reserve = [];
  for (let i = 0; i < 16; i++) {
    reserve.push(Module._malloc(chunk));
    Module._malloc(16); // fence, never freed
  }
  for (let size = 1 << 28; size >= 16; size >>= 1) {
    while (Module._malloc(size) !== 0) { /* held for the life of the process */ }
  }
  for (const p of reserve) if (p) Module._free(p);
}

// Python objects handed to JavaScript (the callbacks asyncio passes to
// setTimeout at every `await`) sit in proxy tables on the Python heap until
// V8's garbage collector finalizes their JavaScript side. V8 collects when
// its own heuristics and the host's load say so, so left alone those tables
// hold a different number of objects from run to run and heap figures
// wobble by a few blocks (a flaky heap test). Instead, every time Python
// schedules a timer (it is inside an `await`), a full V8 collection runs and
// the finalizers run at once: what is freed then depends on the script
// alone, and the Python collection on the way back to JavaScript reclaims it.
// Needs node --expose-gc --harmony-weak-refs-with-cleanup-some (mpylane.py).
function makeProxyFreeingDeterministic() {
  const registry = globalThis.pyProxyFinalizationRegistry;
  if (typeof globalThis.gc !== "function" || !registry || typeof registry.cleanupSome !== "function") {
    laneFail("node must run with --expose-gc --harmony-weak-refs-with-cleanup-some "
      + "(tools/mpylane.py passes them)");
  }
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = function (fn, ...rest) {
    globalThis.gc();
    registry.cleanupSome();
    return realSetTimeout.call(this, fn, ...rest);
  };
}

function writeFiles(mp, files) {
  for (const [rel, text] of Object.entries(files)) {
    const parts = rel.split("/").filter((p) => p !== "" && p !== ".");
    if (rel.startsWith("/") || parts.length === 0 || parts.includes("..")
        || ["dev", "proc", "tmp"].includes(parts[0])) {
      laneFail(`bad file path ${JSON.stringify(rel)}`);
    }
    let dir = "";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      try { mp.FS.mkdir(dir); } catch (e) { /* exists */ }
    }
    // {"b64": "..."}: a binary file (a .mpy); anything else is text.
    const data = text !== null && typeof text === "object" && typeof text.b64 === "string"
      ? Buffer.from(text.b64, "base64") : String(text);
    mp.FS.writeFile("/" + parts.join("/"), data);
  }
}

async function main() {
  let req;
  try {
    req = JSON.parse(fs.readFileSync(0, "utf8"));
  } catch (e) {
    laneFail(`stdin is not a JSON request: ${e.message}`);
  }
  if (typeof req.script !== "string") laneFail('request needs "script": string');
  const heapsize = req.heapsize ?? 130 * 1024;
  const pystackBytes = req.pystack ?? 1536;
  const fixedHeap = req.fixed_heap ?? true;
  if (!fs.existsSync(PKG)) laneFail(`missing ${PKG}; run \`npm ci\` in ${REPO}`);

  const { loadMicroPython } = await import(pathToFileURL(PKG).href);
  const out = makeSink(process.stdout);
  const err = makeSink(process.stderr);
  let rc = 0;
  let memoryError = false;
  let reported = false;
  // Called from the Python side of the harness below, once, if the script
  // did not simply finish.
  const lane = {
    src: req.script,
    exit(code) { // SystemExit(code)
      reported = true;
      if (code === null || code === undefined) rc = 0;
      else if (Number.isInteger(code)) rc = code & 255;
      else { err.put(Buffer.from(String(code) + "\n")); rc = 1; }
    },
    fail(isMemoryError) { reported = true; rc = 1; memoryError = !!isMemoryError; },
  };
  try {
    const mp = await loadMicroPython({
      heapsize,
      pystack: Math.ceil(pystackBytes / 4), // the VM counts mp_obj_t words (4 bytes on wasm32)
      linebuffer: false,
      stdout: (b) => out.put(b),
      stderr: (b) => err.put(b),
    });
    writeFiles(mp, req.files ?? {});
    mp.registerJsModule("_lane", lane);
    makeProxyFreeingDeterministic();
    // The VM's own clocks tick in whole milliseconds (ticks_us is ms * 1000,
    // ticks_cpu is always 0); scripts that time code can use this instead.
    const t0 = performance.now();
    mp.registerJsModule("lane", {
      ticks_us: () => Math.round((performance.now() - t0) * 1000) & 0x3fffffff,
    });
    // Done before the heap is pinned: the script text crosses into Python
    // through malloc. The globals the handlers store into exist up front, so
    // reporting an error never needs a fresh allocation (with the heap full,
    // a failed allocation while the VM formats an uncaught exception hangs it).
    mp.runPython([
      "import sys as __lane_sys, gc as __lane_gc",
      "__lane_sys.path[:] = ['', '/', '.frozen', '/lib']", // as on CIRCUITPY
      "from _lane import src as __lane_src, exit as __lane_exit, fail as __lane_fail",
      "__lane_code = __lane_r = __lane_e = None",
    ].join("\n"));
    if (fixedHeap) pinHeap(mp._module, heapsize);
    // Uncaught exceptions are printed by Python itself (no allocation), never
    // left to the VM. Compile first, in a call without `await` so it runs at
    // once while top-level await is allowed; then run, awaiting the module
    // body if the script used top-level await.
    const guard = (body) => [
      "try:",
      ...body.map((l) => "    " + l),
      "except SystemExit as __lane_e:",
      "    __lane_exit(__lane_e.args[0] if __lane_e.args else None)",
      "except BaseException as __lane_e:",
      "    __lane_sys.print_exception(__lane_e, __lane_sys.stderr)",
      "    __lane_fail(isinstance(__lane_e, MemoryError))",
    ].join("\n");
    mp.runPythonAsync(guard([
      "__lane_code = compile(__lane_src, '<script>', 'exec')",
      "__lane_src = None",
      "__lane_gc.collect()", // only marks a collection due; it runs on return to JS
    ]));
    if (!reported) { // compiled
      const res = mp.runPythonAsync(guard([
        "__lane_r = exec(__lane_code)",
        "if __lane_r is not None:",
        "    await __lane_r",
      ]));
      if (res instanceof Promise) await res;
    }
  } catch (e) {
    // Only the harness itself gets here (a wasm trap or abort, or a bug
    // above); keep it short, the module is one huge line.
    out.flush();
    err.put(Buffer.from(`mpy_run: VM crashed: ${String(e && e.message || e).slice(0, 500)}\n`));
    rc = 1;
  }
  if (memoryError && fixedHeap) {
    err.put(Buffer.from(
      `mpy_run: note: the heap is fixed at ${heapsize} bytes and this VM frees ` +
      "garbage only when the script yields to JavaScript (a top-level " +
      "`gc.collect(); await asyncio.sleep(0)`), so garbage counts too; " +
      "fixed_heap=false lifts the cap.\n"));
  }
  out.flush();
  err.flush();
  // Leftover asyncio timers must not keep the process alive.
  process.exit(rc);
}

main().catch((e) => laneFail(String(e && e.stack || e).slice(0, 2000)));
