"""What a player sees and reads: observations, checks, words, notation and pictures.

Views read a state; none of them changes one.
"""
