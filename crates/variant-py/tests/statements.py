# Runs a Python block of a page (argv: its file, the seconds a statement may take or 0) one
# top-level statement after the other in one namespace, as typed into `python`: an expression
# statement still running at the limit gets KeyboardInterrupt (what Ctrl-C raises) and the next
# one runs; imports and assignments run to their end (the statements after them need the names).
# It ends with a summary line, then os._exit, so that threads a cluster left do not keep the
# interpreter alive. Used by test_doc_scripts.py.
import ast, os, signal, sys, traceback

def interrupt(signum, frame):
    raise KeyboardInterrupt

def main():
    path, limit = sys.argv[1], float(sys.argv[2])
    tree = ast.parse(open(path).read(), path)
    signal.signal(signal.SIGALRM, interrupt)
    namespace = {"__name__": "__main__"}
    ended = stopped = 0
    for node in tree.body:
        code = compile(ast.Module([node], []), path, "exec")
        print(f"docs-run: line {node.lineno}", flush=True)
        # An expression statement (a call whose value is shown or dropped) is bounded; one that
        # binds names (an import, an assignment) runs to its end: the next ones need them.
        bounded = limit if isinstance(node, ast.Expr) else 0
        try:
            signal.setitimer(signal.ITIMER_REAL, bounded)
            exec(code, namespace)
            signal.setitimer(signal.ITIMER_REAL, 0)
            ended += 1
        except KeyboardInterrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
            if not bounded:
                raise
            print(f"docs-run: line {node.lineno} still running after {limit:.0f} s, interrupted",
                  flush=True)
            stopped += 1
        except BaseException:
            signal.setitimer(signal.ITIMER_REAL, 0)
            traceback.print_exc()
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(1)
    print(f"docs-run statements: {len(tree.body)} statements, {ended} ended well, {stopped} "
          f"still running after {limit:.0f} s, interrupted", flush=True)
    sys.stderr.flush()
    os._exit(0)

# The block runs as typed into `python`: processes started by `multiprocessing`'s spawn (a
# LocalCluster's workers) import this file as `__mp_main__`, and must not run the block again.
if __name__ == "__main__":
    main()
