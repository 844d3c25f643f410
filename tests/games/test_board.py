from games.board import HOLES, PER_ROW, board


def test_each_player_has_120_holes_and_a_peg_at_their_score():
    drawn = board((45, 0), (40, 0))
    you, computer = drawn.tracks
    assert len(you.holes) == len(computer.holes) == HOLES
    assert (you.front.number, you.back.number) == (45, 40)
    assert computer.front is None and computer.back is None


def test_the_streets_run_back_and_forth():
    track = board((0, 0), (0, 0)).tracks[0]
    first_row_end, second_row_start = track.holes[PER_ROW - 1], track.holes[PER_ROW]
    assert first_row_end.x == second_row_start.x
    assert second_row_start.y > first_row_end.y


def test_121_is_the_game_hole():
    drawn = board((121, 118), (117, 110))
    assert drawn.tracks[0].front == drawn.game_hole
    assert drawn.tracks[1].front.number == 118


def test_no_hole_lies_outside_the_board():
    drawn = board((0, 0), (0, 0))
    for track in drawn.tracks:
        for hole in track.holes:
            assert 0 < hole.x < drawn.width and 0 < hole.y < drawn.height
