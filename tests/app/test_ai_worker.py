"""The AI worker process answers like the inline player, and its failures never stop a game."""

import time

from game.app.ai_worker import AIWorker, decide
from game.rules import get_rules


def _first_decision():
    rules = get_rules("klaberjass")
    state = rules.new_match(21)
    seat = rules.current_player(state)
    return rules.observation(state, seat)


def test_worker_process_agrees_with_inline():
    obs = _first_decision()
    worker = AIWorker(inline=False)
    worker.start()
    try:
        ticket = worker.request("klaberjass", obs, "easy", 99)
        deadline = time.monotonic() + 60
        action = error = None
        while time.monotonic() < deadline:
            action, error = worker.poll(ticket)
            if action or error:
                break
            time.sleep(0.01)
        assert error is None
        assert action == decide("klaberjass", obs, "easy", 99)
        assert not worker.inline, "the decision came from the worker process"
    finally:
        worker.close()


def test_dead_worker_falls_back_to_inline():
    obs = _first_decision()
    worker = AIWorker(inline=False)
    worker.start()
    worker._proc.terminate()
    worker._proc.join(5)
    ticket = worker.request("klaberjass", obs, "easy", 5)
    action = None
    for _ in range(100):
        action, error = worker.poll(ticket)
        if action or error:
            break
        time.sleep(0.01)
    assert action in obs.legal_actions
    assert worker.inline and worker.notice
    worker.close()


def test_cancelled_ticket_is_forgotten():
    worker = AIWorker(inline=True)
    ticket = worker.request("klaberjass", _first_decision(), "easy", 1)
    worker.cancel(ticket)
    assert worker.poll(ticket) == (None, "unknown ticket")
